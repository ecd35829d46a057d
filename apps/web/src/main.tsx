/**
 * Entry: theme and language first (the active language is ready before the first paint, others load
 * lazily; only the first screen's messages up front), then the router. antd-mobile's set-up (render
 * hook, locale) lives in lib/antd-runtime.ts and loads with the first page that uses the kit.
 * `/ws` (live figures) starts with the app. The page of the current route starts loading first of all,
 * and the data it shows first as soon as the language is set (app/first-data.ts).
 * What the first page does not need waits until it is on screen and the main thread is idle
 * (lib/first-screen.ts): the rest of the message catalogue, socket.io for notices (loaded lazily, only
 * while logged in), the service worker and, on the first start with several server lines, the choice of
 * the fastest one.
 */
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { prefetchFirstData } from './app/first-data.ts';
import { Providers } from './app/providers.tsx';
import { startReminders } from './app/realtime/reminders.ts';
import { createAppRouter, preloadRoute } from './app/router.tsx';
import { redirectToLoginOnExpiry } from './app/session-expiry.ts';
import { registerServiceWorker } from './features/app-update/lib/service-worker.ts';
import { afterFirstScreen } from './lib/first-screen.ts';
import { initI18n, loadLaterMessages } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { startRealtime } from './lib/realtime/realtime.ts';
import { getTheme, setTheme } from './lib/storage.ts';

function applyTheme(): void {
  const theme = getTheme();
  setTheme(theme);
  document.documentElement.dataset.theme = theme;
}

async function start(): Promise<void> {
  preloadRoute(window.location.hash);
  applyTheme();
  await initI18n(undefined, { deferLater: true });
  const queryClient = createQueryClient();
  prefetchFirstData(window.location.hash, queryClient);
  const router = createAppRouter();
  redirectToLoginOnExpiry(router);
  startRealtime();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  afterFirstScreen(router, queryClient, [
    () => {
      loadLaterMessages().catch((error: unknown) => console.error('messages could not load', error));
    },
    () => startReminders(queryClient),
    registerServiceWorker,
    // Loaded then, not with the first screen: it reads the remote config through the contracts' schemas.
    () => {
      import('./lib/line-health.ts')
        .then((lines) => lines.chooseLineOnFirstStart())
        .catch((error: unknown) => console.error('server lines could not be measured', error));
    },
  ]);
}

start().catch((error: unknown) => {
  console.error(error);
  document.body.textContent = 'Tradehall could not start. Please reload the page.';
});
