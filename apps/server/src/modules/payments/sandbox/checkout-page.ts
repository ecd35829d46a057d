/**
 * The sandbox gateway's hosted payment page: one self-contained HTML document (no external resources),
 * its inline style and script allowed by a per-response CSP nonce and nothing else. Every value from the
 * database is HTML-escaped; the script reads the checkout id from a data attribute, never from markup
 * it builds itself.
 */
import { formatMoney } from '@tradehall/domain';
import type { PaymentCheckoutRow } from '../../../platform/db/schema.ts';

export const SUCCESS_TEST_CARD = '4242 4242 4242 4242';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export function checkoutPageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const STATUS_TEXT: Record<PaymentCheckoutRow['status'], string> = {
  open: '',
  paid: 'This payment has been completed.',
  failed: 'This payment was declined.',
  cancelled: 'This payment was cancelled.',
};

export function renderCheckoutPage(checkout: PaymentCheckoutRow, nonce: string): string {
  const e = escapeHtml;
  const open = checkout.status === 'open';
  const amount = formatMoney(checkout.amount);
  const form = open
    ? `<label for="card">Test card number</label>
      <input id="card" name="card" inputmode="numeric" autocomplete="off" value="${e(SUCCESS_TEST_CARD)}">
      <p class="hint">Any Luhn-valid number pays; 4000 0000 0000 0002 is declined.</p>
      <div class="actions">
        <button id="pay" type="button">Pay ${e(amount)}</button>
        <button id="cancel" type="button" class="secondary">Cancel</button>
      </div>`
    : `<a class="button" href="${e(checkout.return_url)}">Return to ${e(checkout.merchant)}</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Pay ${e(checkout.merchant)} · Sandbox gateway</title>
<style nonce="${e(nonce)}">
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f3f4f6; color: #111827; }
  main { max-width: 420px; margin: 32px auto; background: #fff; border-radius: 12px; padding: 24px;
    box-shadow: 0 1px 3px rgba(0, 0, 0, .12); }
  .badge { display: inline-block; font-size: 12px; background: #fde68a; border-radius: 4px; padding: 2px 6px; }
  h1 { font-size: 20px; margin: 12px 0 4px; }
  .amount { font-size: 32px; font-weight: 700; margin: 8px 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0 0 16px; color: #4b5563; }
  dd { margin: 0; }
  label { display: block; font-weight: 600; margin-bottom: 4px; }
  input { box-sizing: border-box; width: 100%; font: inherit; padding: 10px; border: 1px solid #d1d5db;
    border-radius: 8px; }
  .hint { font-size: 13px; color: #6b7280; }
  .actions { display: flex; gap: 12px; margin-top: 16px; }
  button, .button { flex: 1; font: inherit; font-weight: 600; padding: 12px; border: 0; border-radius: 8px;
    background: #2563eb; color: #fff; cursor: pointer; text-align: center; text-decoration: none; display: block; }
  button.secondary { background: #e5e7eb; color: #111827; }
  button:disabled { opacity: .6; cursor: wait; }
  #status { min-height: 24px; margin-top: 16px; font-weight: 600; }
</style>
</head>
<body>
<main id="checkout" data-checkout-id="${e(checkout.id)}">
  <span class="badge">Sandbox gateway · no real money</span>
  <h1>Pay ${e(checkout.merchant)}</h1>
  <div class="amount">${e(amount)}</div>
  <dl>
    <dt>Merchant</dt><dd>${e(checkout.merchant)}</dd>
    <dt>Order</dt><dd>${e(checkout.order_reference)}</dd>
    <dt>Currency</dt><dd>${e(checkout.currency)}</dd>
  </dl>
  ${form}
  <p id="status" role="status" aria-live="polite">${e(STATUS_TEXT[checkout.status])}</p>
</main>
<script nonce="${e(nonce)}">
(() => {
  const root = document.getElementById('checkout');
  const status = document.getElementById('status');
  const pay = document.getElementById('pay');
  const cancel = document.getElementById('cancel');
  if (!root || !status || !pay || !cancel) return;
  const base = '/api/v1/payments/sandbox/checkout/' + encodeURIComponent(root.dataset.checkoutId || '');
  const setBusy = (busy) => { pay.disabled = busy; cancel.disabled = busy; };
  async function send(action, body) {
    setBusy(true);
    status.textContent = action === 'pay' ? 'Processing payment…' : 'Cancelling…';
    try {
      const response = await fetch(base + '/' + action, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const data = await response.json();
      if (!response.ok) {
        status.textContent = (data && data.error && data.error.message) || 'The payment could not be processed';
        setBusy(false);
        return;
      }
      status.textContent = data.status === 'paid' ? 'Payment successful. Returning…' : 'Payment not completed. Returning…';
      window.location.assign(data.returnUrl);
    } catch {
      status.textContent = 'Network error, please try again';
      setBusy(false);
    }
  }
  pay.addEventListener('click', () => {
    const card = document.getElementById('card');
    void send('pay', { cardNumber: card ? card.value : '' });
  });
  cancel.addEventListener('click', () => void send('cancel', {}));
})();
</script>
</body>
</html>
`;
}
