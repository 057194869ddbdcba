import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': {
        target: API_TARGET,
        // The confirmation link of the emails (/api/auth/confirmation) is a page of this app,
        // so a browser navigation there gets the app instead of going to the API.
        bypass: (req) =>
          req.url?.startsWith('/api/auth/confirmation') && req.headers.accept?.includes('text/html')
            ? '/index.html'
            : undefined,
      },
      // The live board updates: Socket.IO over WebSocket (SOCKET_PATH of the contract, which the
      // config cannot import: Node loads it untranspiled).
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare things (zod schemas, constants). Without this, using
        // one constant from its index would keep every schema, and zod with them, on every screen.
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // What every screen runs, in one long-cached file. Mantine is left to the automatic
          // split: as one chunk it would put every component of every screen in the login's code.
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/,
            },
            {
              // The catalogs past the startup ones (lib/i18n.ts), one file per language rather
              // than a request per namespace.
              name: (id) => /packages[\\/]i18n[\\/]src[\\/](en|es)[\\/]/.exec(id)?.[1] ?? null,
              test: /packages[\\/]i18n[\\/]src[\\/](en|es)[\\/](?!(common|errors|auth)\.json)/,
            },
          ],
        },
      },
    },
  },
});
