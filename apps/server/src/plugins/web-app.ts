import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Vite's folder of hashed assets, inside the web app's. */
const ASSETS = 'assets';

/** Serves the built single-page app when WEB_DIST_DIR holds one; answers whether it does. */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir }, 'no built web app found; serving the API only');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    // The hashed assets are served by the one route below: a GET and a HEAD route for each of
    // their hundreds of files held ~2 MB of the idle server's memory.
    globIgnore: [`${ASSETS}/**`],
    index: false,
    setHeaders(reply, filePath) {
      // Vite puts content hashes in asset names, so they never change under the same URL.
      const isHashedAsset = filePath.startsWith(path.join(webDistDir, ASSETS) + path.sep);
      reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const assets = assetNames(path.join(webDistDir, ASSETS));
  app.get(`/${ASSETS}/*`, { schema: { hide: true } }, (request, reply) => {
    // The files there at start, as the per-file routes were; any other name is not found. Not
    // returned: fastify would also wait on the reply as a promise, with listeners of its own.
    const name = (request.params as { '*': string })['*'];
    if (assets.has(name)) reply.sendFile(`${ASSETS}/${name}`);
    else reply.callNotFound();
  });
  return true;
}

/** The files under `dir` as `a/b.js`, hidden ones left out as the static plugin leaves them out. */
function assetNames(dir: string): Set<string> {
  if (!existsSync(dir)) return new Set();
  const names = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  return new Set(names.filter((name) => !name.split('/').some((segment) => segment.startsWith('.'))));
}

export function sendIndexHtml(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
