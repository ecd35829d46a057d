/**
 * The remote configuration (server lines, links, map tiles), read from the URL set at build time
 * (VITE_REMOTE_CONFIG_URL, e.g. a file on object storage) or else from the line in use's
 * /remote-config.json, falling back to this page's own server when that line does not answer, and then
 * to the copy kept from the last successful read (so the list of lines survives the line that served it
 * going down). What comes back is checked against the contract: a file edited by hand must not break the
 * app in odd ways.
 */
import './zod-jitless.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
// Its own entry, not the barrel: the barrel would bring every wire shape's schema into this chunk, which
// loads (and runs) right after the first screen on a first start.
import {
  REMOTE_CONFIG_PATH,
  type RemoteConfig,
  remoteConfigSchema,
} from '@tradehall/contracts/remote-config';
import { REQUEST_TIMEOUT_MS } from '@tradehall/domain';
import { ApiError, lineOrigin } from './api-client.ts';
import { i18n } from './i18n.ts';
import { getStoredRemoteConfig, setStoredRemoteConfig } from './storage.ts';

export const REMOTE_CONFIG_KEY = ['remote-config'] as const;
/** It changes when an operator edits the deployment: once per start (and every 10 minutes) is plenty. */
const REMOTE_CONFIG_STALE_MS = 10 * 60_000;

/** Where to read it from, in order of preference. */
export function remoteConfigUrls(buildTimeUrl = import.meta.env.VITE_REMOTE_CONFIG_URL): string[] {
  if (buildTimeUrl) return [buildTimeUrl];
  const line = lineOrigin();
  return line === '' ? [REMOTE_CONFIG_PATH] : [`${line}${REMOTE_CONFIG_PATH}`, REMOTE_CONFIG_PATH];
}

async function fetchOne(url: string, signal?: AbortSignal): Promise<RemoteConfig> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: 'SERVICE_UNAVAILABLE',
      message: i18n.t('errors.SERVICE_UNAVAILABLE'),
    });
  }
  const parsed = remoteConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new ApiError({ status: 502, code: 'INTERNAL', message: i18n.t('errors.INTERNAL') });
  }
  return parsed.data;
}

/** The copy kept from the last successful read, if it still passes the contract. */
export function storedRemoteConfig(): RemoteConfig | null {
  const text = getStoredRemoteConfig();
  if (text === null) return null;
  try {
    const parsed = remoteConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function fetchRemoteConfig(signal?: AbortSignal): Promise<RemoteConfig> {
  let failure: unknown = null;
  for (const url of remoteConfigUrls()) {
    try {
      const config = await fetchOne(url, signal);
      setStoredRemoteConfig(JSON.stringify(config));
      return config;
    } catch (error) {
      if (signal?.aborted) throw error;
      failure = error;
    }
  }
  const stored = storedRemoteConfig();
  if (stored !== null) return stored;
  throw failure instanceof ApiError
    ? failure
    : new ApiError({ status: 0, code: 'NETWORK_ERROR', message: i18n.t('network.offline') });
}

export const remoteConfigQueryOptions = () =>
  queryOptions({
    queryKey: REMOTE_CONFIG_KEY,
    queryFn: ({ signal }) => fetchRemoteConfig(signal),
    staleTime: REMOTE_CONFIG_STALE_MS,
  });

export function useRemoteConfig() {
  return useQuery(remoteConfigQueryOptions());
}
