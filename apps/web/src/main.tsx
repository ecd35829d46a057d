/**
 * Entry: theme and language first (the active language is ready before the first paint, others load
 * lazily), then the router. antd-mobile's set-up (React 19 render hook, locale) lives in
 * lib/antd-runtime.ts and loads with the first page that uses the kit. The realtime channels start with
 * the app: `/ws` for live figures, socket.io (loaded lazily, only while logged in) for notices. The page
 * of the current route starts loading first of all; the service worker registers once the page has loaded.
 */
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { startReminders } from './app/realtime/reminders.ts';
import { createAppRouter, preloadRoute } from './app/router.tsx';
import { redirectToLoginOnExpiry } from './app/session-expiry.ts';
import { registerServiceWorker } from './features/app-update/lib/service-worker.ts';
import { initI18n } from './lib/i18n.ts';
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
  await initI18n();
  const queryClient = createQueryClient();
  const router = createAppRouter();
  redirectToLoginOnExpiry(router);
  startRealtime();
  startReminders(queryClient);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  registerServiceWorker();
}

start().catch((error: unknown) => {
  console.error(error);
  document.body.textContent = 'Tradehall could not start. Please reload the page.';
});
