/** Toasts last TOAST_DURATION_MS (spec §8: 2000 ms). Errors show the server's translated message. */
import './antd-runtime.ts';
import { TOAST_DURATION_MS } from '@tradehall/domain';
import Toast from 'antd-mobile/es/components/toast';
import { isApiError } from './api-client.ts';
import { i18n } from './i18n.ts';

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
  Toast.show({ content, icon, duration: TOAST_DURATION_MS });
  announce(content);
}

export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : i18n.t('errors.INTERNAL');
}

export function toastError(error: unknown): void {
  showToast(errorMessage(error));
}
