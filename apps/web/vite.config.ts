/**
 * The user web app. Built with relative asset paths (`base: './'`) so the server can serve it at `/`.
 * The initial JavaScript (React, the router, i18n, react-query) is one stable vendor chunk that caches
 * across releases; every page, every other language and every antd-mobile component (toasts and dialogs
 * included: they load when first shown) load lazily with the page that needs them. Text assets are
 * precompressed at build time. Unit tests run under the root vitest.config.ts.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '../../scripts/precompress.mjs';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * What every first screen needs, in one long-cached chunk (one request instead of four): React, the
 * router, i18next and react-query. Pages, other languages and antd-mobile split by page. (A shared
 * "shell" group for the app's own lib/ was tried: with its dependencies it carried more bytes than the
 * small chunks it saved.)
 */
const CHUNK_GROUPS = [
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack)[\\/]/,
  },
];

/**
 * The installable app: the web manifest (dark blue theme, the icons of public/icons) and a Workbox
 * service worker that precaches the built app, so the app opens offline (its network notice then says
 * the signal is lost). registerType 'prompt': a new worker waits until the user chooses
 * "Upgrade now" on the app-update page (features/app-update), which activates it and restarts the app.
 * The worker is registered by the app itself (injectRegister false), once the first screen has loaded.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['icons/apple-touch-icon.png'],
  manifest: {
    name: 'Tradehall',
    short_name: 'Tradehall',
    description: 'Trading rooms, top-up and withdrawals on your phone.',
    start_url: './',
    scope: './',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#0b1a3a',
    theme_color: '#0b1a3a',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Every page chunk, not just the shell: once a new build is deployed the old one's chunks are gone
    // from the server, so a running older build must find every page it may still open in its cache
    // until it upgrades (and offline, every page opens). The .br/.gz copies are left to the browser.
    globPatterns: ['**/*.{js,css,html,png,webmanifest}'],
    globIgnores: ['**/*.br', '**/*.gz'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/console/, /^\/socket\.io/, /^\/ws/],
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig({
  base: './',
  plugins: [react(), pwa, precompress()],
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
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
});
