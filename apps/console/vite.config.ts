import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served by the API server under /console/.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
});
