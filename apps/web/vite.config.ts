import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The built SPA (dist/) is served by the API server on one origin, so the session cookie and
// /api/events stay same-origin. In development, Vite proxies /api to a server started separately.
const devApiTarget = process.env.INDICATA_DEV_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': { target: devApiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
});
