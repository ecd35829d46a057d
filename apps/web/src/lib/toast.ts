/**
 * Toasts last TOAST_DURATION_MS (spec §8: 2000 ms). Errors show the server's translated message.
 * antd-mobile's Toast (and its imperative renderer, ~23 KB gzip) is loaded on the first toast, not with
 * every page that might show one: most first screens never do. The live region is written at once.
 */
import { TOAST_DURATION_MS } from '@tradehall/domain';
import { isApiError } from './api-client.ts';
import { i18n } from './i18n.ts';

type ToastApi = typeof import('antd-mobile/es/components/toast').default;
let toastApi: Promise<ToastApi> | null = null;

function loadToast(): Promise<ToastApi> {
  toastApi ??= import('./antd-runtime.ts')
    .then(() => import('antd-mobile/es/components/toast'))
    .then((module) => module.default);
  // A failed load (offline) is tried again on the next toast.
  toastApi.catch(() => {
    toastApi = null;
  });
  return toastApi;
}

/**
 * antd-mobile hides its toast layer from assistive technology (aria-hidden mask), so each message is also
 * put in a polite live region that screen readers announce.
 */
function announce(text: string): void {
  let region = document.getElementById('toast-announcer');
  if (!region) {
    region = document.createElement('div');
    region.id = 'toast-announcer';
    region.className = 'visually-hidden';
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('role', 'status');
    document.body.append(region);
  }
  region.textContent = text;
}

export function showToast(content: string, icon?: 'success' | 'fail'): void {
  announce(content);
  loadToast().then(
    (toast) => toast.show({ content, icon, duration: TOAST_DURATION_MS }),
    (error: unknown) => console.error('toast could not load', error),
  );
}

export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : i18n.t('errors.INTERNAL');
}

export function toastError(error: unknown): void {
  showToast(errorMessage(error));
}
