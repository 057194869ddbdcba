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
  build: { outDir: 'dist', emptyOutDir: true },
});
