# syntax=docker/dockerfile:1
# TeamBoard's image (docs/deploying.md). Three stages:
#   build   — every dependency, then `npm run build` (the web app's dist and the bundled server);
#   deps    — the production dependencies only, native modules (better-sqlite3, sharp, argon2)
#             installed for the runtime's Node and glibc;
#   runtime — the built app and those dependencies, run as the unprivileged `node` user.
# apps/server/test/deployment-recipe.test.ts reads the runtime stage's COPY lines and starts the
# server from a folder assembled the same way, so what is copied here is what the app needs.

# Node 24: an LTS line maintained until April 2028 (22 ends April 2027, 20 ended April 2026), whose
# engines every production dependency accepts (npm run check:engines) without the warnings Node 20
# prints. The app also runs on 20.19+ and 22.12+ (docs/deploying.md, Node versions).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 falls back to compiling (node-gyp) when no prebuilt binary matches this Node.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/i18n/package.json packages/i18n/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages packages
COPY apps apps
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/i18n/package.json packages/i18n/
RUN npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# git: linked repositories are fetched and read with the git command (code hosting);
# ca-certificates: outgoing HTTPS (SMTP over TLS, OpenID Connect, model endpoints, S3).
RUN apt-get update \
  && apt-get install -y --no-install-recommends git ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown node:node /data
WORKDIR /app
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
# Owned by root and only readable by the app: the process cannot rewrite its own code.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
USER node
EXPOSE 3000
VOLUME ["/data"]
# Ready: the database (and Redis, S3 when configured) answer. No curl in the slim image: Node's fetch.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
