/**
 * The service worker (vite-plugin-pwa + Workbox, see vite.config.ts) and the update flow of spec §4 it
 * drives: when GET /app/version names a newer version, the new worker is fetched and installed
 * ("downloading"), waits ("upgrade now"), and on the user's word takes over and the app restarts. A
 * failed install is logged and shown. Without a worker (development, a browser without them) the
 * new build is simply loaded again.
 *
 * workbox-window loads after the first screen (registration waits for the load event), so neither
 * weighs on it.
 */
import type { Workbox } from 'workbox-window';

export type UpdatePhase = 'idle' | 'downloading' | 'ready' | 'failed';

let phase: UpdatePhase = 'idle';
let workbox: Workbox | null = null;
let registration: Promise<ServiceWorkerRegistration | undefined> | null = null;
const listeners = new Set<() => void>();

function setPhase(next: UpdatePhase): void {
  phase = next;
  for (const listener of listeners) listener();
}

export function getUpdatePhase(): UpdatePhase {
  return phase;
}

export function subscribeUpdatePhase(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const supported = () =>
  import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Registers the worker once the page has loaded (its precaching then never competes with the first screen). */
export function registerServiceWorker(): void {
  if (!supported() || registration) return;
  let resolveRegistration: (value: ServiceWorkerRegistration | undefined) => void = () => undefined;
  registration = new Promise((resolve) => {
    resolveRegistration = resolve;
  });
  const start = () => {
    import('workbox-window')
      .then(({ Workbox: WorkboxClass }) => {
        const wb = new WorkboxClass('./sw.js', { scope: './' });
        workbox = wb;
        // A new version already installed (found by the browser's own update check) waits for the user.
        wb.addEventListener('waiting', () => setPhase('ready'));
        return wb.register();
      })
      .then(resolveRegistration, (error: unknown) => {
        console.error('service worker registration failed', error);
        resolveRegistration(undefined);
      });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function installed(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (worker.state === 'installed' || worker.state === 'activated') resolve();
      else if (worker.state === 'redundant') reject(new Error('the new version could not be installed'));
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

/** "Downloading": fetches the new worker and waits until it has installed (precached the new build). */
export async function downloadUpdate(): Promise<void> {
  if (phase === 'downloading' || phase === 'ready') return;
  setPhase('downloading');
  try {
    const reg = registration ? await registration : undefined;
    if (workbox && reg && !reg.waiting) {
      await workbox.update();
      const incoming = reg.installing ?? reg.waiting;
      if (incoming) await installed(incoming);
    }
    setPhase('ready');
  } catch (error) {
    console.error('app update failed', error);
    setPhase('failed');
  }
}

/** "Upgrade now": the waiting worker takes over, then the app restarts on the new build. */
export async function activateUpdate(): Promise<void> {
  const reg = registration ? await registration : undefined;
  const waiting = reg?.waiting;
  if (!workbox || !waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  workbox.messageSkipWaiting();
}
