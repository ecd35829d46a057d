/**
 * The remote configuration the app reads at start: its server lines (API hosts the user can switch between),
 * the links it shows, and the map tiles of the location pages. Served by every server at `/remote-config.json`
 * and loadable from any URL set at build time (a file on object storage), so a line that is down does not take
 * the list of the others with it.
 */
import { z } from 'zod';

/**
 * Where every server serves it: at the root, not under `/api/v1`, so the same file can be copied to object
 * storage as is. Not an endpoint declaration (those are relative to `/api/v1`): a client reads it as a plain
 * file from whichever URL it was given.
 */
export const REMOTE_CONFIG_PATH = '/remote-config.json';

const httpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.hostname }).max(300);

/** One API line: an origin whose `/api/v1`, `/ws` and `/socket.io` the app talks to. */
export const serverLineSchema = z.object({
  id: z.string().min(1).max(40),
  name: z.string().min(1).max(60),
  url: httpUrl,
});
export type ServerLine = z.infer<typeof serverLineSchema>;

export const remoteConfigSchema = z.object({
  /** Bumped only when a field changes meaning; an app ignores fields it does not know. */
  schemaVersion: z.literal(1),
  lines: z.array(serverLineSchema).min(1).max(20),
  links: z.object({
    /** Where the app's download page lives (the app-update page links to it), if anywhere. */
    download: httpUrl.nullable(),
    /** The operator's public site, if any. */
    website: httpUrl.nullable(),
  }),
  map: z.object({
    /** A slippy-map tile template with {z}, {x} and {y} (and optionally {s}). */
    tileUrl: z.string().min(1).max(300),
    /** Shown on every map, as the tile provider's licence requires. */
    attribution: z.string().min(1).max(300),
    maxZoom: z.number().int().min(1).max(22),
  }),
});
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;
