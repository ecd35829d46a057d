/**
 * The user web app. Built with relative asset paths (`base: './'`) so the server can serve it at `/`.
 * The initial JavaScript (React, the router, i18n, react-query and the shell) is split into a few stable
 * vendor chunks that cache across releases; every page, every other language and every antd-mobile
 * component load lazily with the page that needs them. Unit tests run under the root vitest.config.ts.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.mjs';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

const VENDOR_CHUNKS: Array<{ name: string; test: RegExp }> = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
];

export default defineConfig({
  base: './',
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_CHUNKS },
      },
    },
  },
});
