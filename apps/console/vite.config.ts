import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.mjs';

// The console is served by the API server under /console/, its text assets precompressed at build time.
export default defineConfig({
  base: '/console/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
});
