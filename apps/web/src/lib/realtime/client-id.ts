/**
 * The `client_id` of the login frame: a random id made once per browser and kept in local storage, so the
 * server can tell this browser's reconnections from a new client. Storage unavailable: one per page view.
 */
const CLIENT_ID_KEY = 'client_id';

let fallback: string | null = null;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function clientId(): string {
  try {
    const stored = window.localStorage.getItem(CLIENT_ID_KEY);
    if (stored) return stored;
    const id = randomId();
    window.localStorage.setItem(CLIENT_ID_KEY, id);
    return id;
  } catch {
    fallback ??= randomId();
    return fallback;
  }
}
