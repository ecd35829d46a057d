/**
 * The server lines (API hosts the app can switch between), the origins allowed to call them from a
 * browser, and the rest of what /remote-config.json publishes. Everything comes from the environment,
 * never from a request: a Host header is whatever the client wrote, so a line derived from it would let
 * anyone publish their own host as one of ours.
 */
import { type RemoteConfig, type ServerLine, serverLineSchema } from '@tradehall/contracts';

export interface ServerLinesConfig {
  /** The lines in the order the operator listed them (SERVER_LINES), or this server alone. */
  lines: ServerLine[];
  /** Origins whose pages may call the API, /ws and socket.io (APP_ORIGINS). */
  appOrigins: string[];
  /** Where the web build loads its remote config from when not from a line (REMOTE_CONFIG_URL). */
  remoteConfigUrl: string | null;
  links: RemoteConfig['links'];
  map: RemoteConfig['map'];
}

export const MAX_SERVER_LINES = 20;

type Parsed = { ok: true; lines: ServerLine[] } | { ok: false };

/**
 * "Line 1=https://a.example,Line 2=https://b.example": each entry a name and an http(s) origin (a
 * trailing slash is dropped; a path, query or credentials are refused: the app appends its own paths).
 */
export function parseServerLines(value: string): Parsed {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0 || entries.length > MAX_SERVER_LINES) return { ok: false };
  const lines: ServerLine[] = [];
  for (const [index, entry] of entries.entries()) {
    const separator = entry.indexOf('=');
    if (separator <= 0) return { ok: false };
    const url = originOf(entry.slice(separator + 1).trim());
    if (url === null || lines.some((line) => line.url === url)) return { ok: false };
    const line = serverLineSchema.safeParse({
      id: `line-${index + 1}`,
      name: entry.slice(0, separator).trim(),
      url,
    });
    if (!line.success) return { ok: false };
    lines.push(line.data);
  }
  return { ok: true, lines };
}

/** The origin of an http(s) URL that is nothing but an origin, else null. */
export function originOf(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== '/' && url.pathname !== '')
  ) {
    return null;
  }
  return url.origin;
}

export interface ServerLinesEnv {
  serverLines: string | undefined;
  appOrigins: string | undefined;
  publicUrl: string | null;
  port: number;
  remoteConfigUrl: string | undefined;
  downloadUrl: string | undefined;
  websiteUrl: string | undefined;
  map: RemoteConfig['map'];
}

export function serverLinesConfig(env: ServerLinesEnv): ServerLinesConfig {
  const parsed = env.serverLines === undefined ? null : parseServerLines(env.serverLines);
  const publicOrigin = env.publicUrl === null ? null : new URL(env.publicUrl).origin;
  const lines =
    parsed?.ok === true
      ? parsed.lines
      : [{ id: 'line-1', name: 'Line 1', url: publicOrigin ?? `http://localhost:${env.port}` }];
  const appOrigins =
    env.appOrigins === undefined
      ? [...lines.map((line) => line.url), ...(publicOrigin ? [publicOrigin] : [])]
      : env.appOrigins.split(',').map((origin) => new URL(origin).origin);
  return {
    lines,
    appOrigins: [...new Set(appOrigins)],
    remoteConfigUrl: env.remoteConfigUrl ?? null,
    links: { download: env.downloadUrl ?? null, website: env.websiteUrl ?? null },
    map: env.map,
  };
}

/** The document every server publishes at /remote-config.json. */
export function publishedRemoteConfig(config: ServerLinesConfig): RemoteConfig {
  return { schemaVersion: 1, lines: config.lines, links: config.links, map: config.map };
}
