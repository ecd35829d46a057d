/**
 * Local storage with the keys the spec names (§3 "Stored locally"): theme, token, userInfo (username, id),
 * uid, locale; plus the server line in use and the lines the user added by hand. Every access is guarded: storage can be unavailable (private mode, quota)
 * and a bad stored value must never crash the app.
 */
import { isLocale, type Locale } from '@tradehall/domain';

export const STORAGE_KEYS = {
  theme: 'theme',
  token: 'token',
  userInfo: 'userInfo',
  uid: 'uid',
  locale: 'locale',
  serverLine: 'serverLine',
  manualServerLines: 'manualServerLines',
  remoteConfig: 'remoteConfig',
} as const;

/** The keys that make up a login session; logout and a 401 remove exactly these. */
export const SESSION_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.userInfo, STORAGE_KEYS.uid] as const;

export interface StoredUserInfo {
  username: string;
  id: string;
}

/** One theme exists today (dark blue, spec §9); the key is kept so a later light theme has a home. */
export const THEMES = ['dark'] as const;
export type Theme = (typeof THEMES)[number];

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the app keeps working for this page view.
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

export function getToken(): string | null {
  const token = read(STORAGE_KEYS.token);
  return token && token.length > 0 ? token : null;
}

export function getUserInfo(): StoredUserInfo | null {
  const raw = read(STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === 'object' &&
      'username' in value &&
      'id' in value &&
      typeof value.username === 'string' &&
      typeof value.id === 'string'
    ) {
      return { username: value.username, id: value.id };
    }
  } catch {
    // A corrupt value counts as absent.
  }
  return null;
}

export function getUid(): string | null {
  return read(STORAGE_KEYS.uid);
}

export function getStoredLocale(): Locale | null {
  const value = read(STORAGE_KEYS.locale);
  return value && isLocale(value) ? value : null;
}

export function setStoredLocale(locale: Locale): void {
  write(STORAGE_KEYS.locale, locale);
}

export function getTheme(): Theme {
  const value = read(STORAGE_KEYS.theme);
  return THEMES.find((theme) => theme === value) ?? 'dark';
}

export function setTheme(theme: Theme): void {
  write(STORAGE_KEYS.theme, theme);
}

/** The origin of the server line in use (`https://host[:port]`), or null before one was chosen. */
export function getServerLine(): string | null {
  const value = read(STORAGE_KEYS.serverLine);
  return value !== null && isHttpOrigin(value) ? value : null;
}

const lineListeners = new Set<() => void>();

/** Switches line: the API client, /ws and socket.io all follow (the session token stays: one database). */
export function setServerLine(origin: string): void {
  if (!isHttpOrigin(origin) || origin === getServerLine()) return;
  write(STORAGE_KEYS.serverLine, origin);
  for (const listener of lineListeners) listener();
}

/** Told when this tab switches line (another tab's choice applies there; this page keeps its own). */
export function subscribeServerLine(listener: () => void): () => void {
  lineListeners.add(listener);
  return () => {
    lineListeners.delete(listener);
  };
}

/** The origins the user added on the Server lines page, oldest first. */
export function getManualServerLines(): string[] {
  const raw = read(STORAGE_KEYS.manualServerLines);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string' && isHttpOrigin(item))
      : [];
  } catch {
    return [];
  }
}

export function setManualServerLines(origins: readonly string[]): void {
  write(STORAGE_KEYS.manualServerLines, JSON.stringify(origins));
}

/** The last remote config read (its JSON text, checked again by whoever reads it), or null. */
export function getStoredRemoteConfig(): string | null {
  return read(STORAGE_KEYS.remoteConfig);
}

export function setStoredRemoteConfig(json: string): void {
  write(STORAGE_KEYS.remoteConfig, json);
}

/** `http(s)://host[:port]` exactly as URL.origin writes it: a stored value is never trusted beyond that. */
function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Subscribes to login/logout in this tab and in other tabs (the `storage` event). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (SESSION_KEYS as readonly string[]).includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notifySession(): void {
  for (const listener of listeners) listener();
}

export function saveSession(token: string, user: StoredUserInfo): void {
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.userInfo, JSON.stringify({ username: user.username, id: user.id }));
  write(STORAGE_KEYS.uid, user.id);
  notifySession();
}

export function clearSession(): void {
  for (const key of SESSION_KEYS) remove(key);
  notifySession();
}

/**
 * "Clear cache": removes everything this origin stored except the session, the chosen language and the
 * server lines, so the user stays logged in, on the same line, and keeps their language.
 */
export function clearNonSessionStorage(): void {
  const keep = new Set<string>([
    ...SESSION_KEYS,
    STORAGE_KEYS.locale,
    STORAGE_KEYS.serverLine,
    STORAGE_KEYS.manualServerLines,
  ]);
  try {
    const keys: string[] = [];
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key !== null && !keep.has(key)) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
    window.sessionStorage.clear();
  } catch {
    // Storage unavailable: nothing was cached there either.
  }
}
