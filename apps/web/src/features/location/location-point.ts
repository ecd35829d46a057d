/**
 * Points as the location pages read and write them: coordinates typed by a person (a comma may be the
 * decimal mark), a point given in a query string (open-location), and the return path of choose-location,
 * which must stay inside this app. Every refusal is the i18n key of a message the page shows.
 */
import '../../lib/zod-jitless.ts';
import {
  LATITUDE_MAX,
  LATITUDE_MIN,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  type SharedLocation,
  sharedLocationSchema,
} from '@tradehall/contracts';
import type { Resources } from '../../lib/i18n.ts';
import { CHOOSE_LOCATION_PATH } from '../../lib/paths.ts';

export type LocationPoint = SharedLocation;
export type Axis = 'lat' | 'lng';

/** A message these checks give: the location pages' own, or the shared validation catalogue's. */
export type PointMessageKey =
  | `location.${keyof Resources['location'] & string}`
  | `validation.${keyof Resources['validation'] & string}`;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: PointMessageKey };

const RANGE = {
  lat: { min: LATITUDE_MIN, max: LATITUDE_MAX, required: 'location.latRequired', range: 'location.latRange' },
  lng: {
    min: LONGITUDE_MIN,
    max: LONGITUDE_MAX,
    required: 'location.lngRequired',
    range: 'location.lngRange',
  },
} as const;

/** Digits with at most one decimal mark and a sign; no exponent, no hex, nothing after. */
const DECIMAL = /^[+-]?(\d{1,12}([.,]\d{0,12})?|[.,]\d{1,12})$/;

/** A coordinate as typed: "48.8566", "-0,1276", " 2.35 ". */
export function parseCoordinate(text: string, axis: Axis): Parsed<number> {
  const rule = RANGE[axis];
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: rule.required };
  if (!DECIMAL.test(trimmed)) return { ok: false, error: 'location.notANumber' };
  const value = Number(trimmed.replace(',', '.'));
  if (!Number.isFinite(value)) return { ok: false, error: 'location.notANumber' };
  if (value < rule.min || value > rule.max) return { ok: false, error: rule.range };
  return { ok: true, value };
}

/** Six decimals are about 10 cm: as precise as a phone's position, short enough to read. */
export function formatCoordinate(value: number): string {
  return String(Number(value.toFixed(6)));
}

/**
 * A name or address as typed: trimmed, an empty one is none. Too long or holding characters the text rule
 * refuses gives the same message the server would.
 */
export function parsePlaceText(text: string, field: 'name' | 'address'): Parsed<string | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const result = sharedLocationSchema.shape[field].safeParse(trimmed);
  if (result.success) return { ok: true, value: result.data };
  const message = result.error.issues[0]?.message;
  if (message === 'validation.tooLong' || message === 'validation.controlCharacters') {
    return { ok: false, error: message };
  }
  return { ok: false, error: 'validation.invalidValue' };
}

export interface PointErrors {
  lat?: PointMessageKey;
  lng?: PointMessageKey;
  name?: PointMessageKey;
  address?: PointMessageKey;
}

export type ParsedPoint = { ok: true; point: LocationPoint } | { ok: false; errors: PointErrors };

/** The four fields of a point, each checked on its own so every bad one gets its message. */
export function parsePoint(fields: {
  lat: string;
  lng: string;
  name?: string;
  address?: string;
}): ParsedPoint {
  const lat = parseCoordinate(fields.lat, 'lat');
  const lng = parseCoordinate(fields.lng, 'lng');
  const name = parsePlaceText(fields.name ?? '', 'name');
  const address = parsePlaceText(fields.address ?? '', 'address');
  if (lat.ok && lng.ok && name.ok && address.ok) {
    const point: LocationPoint = { lat: lat.value, lng: lng.value };
    if (name.value !== undefined) point.name = name.value;
    if (address.value !== undefined) point.address = address.value;
    return { ok: true, point };
  }
  const errors: PointErrors = {};
  if (!lat.ok) errors.lat = lat.error;
  if (!lng.ok) errors.lng = lng.error;
  if (!name.ok) errors.name = name.error;
  if (!address.ok) errors.address = address.error;
  return { ok: false, errors };
}

/** open-location's query: ?lat=..&lng=..&name=..&address=.. (name and address optional). */
export function pointFromQuery(search: URLSearchParams): ParsedPoint {
  return parsePoint({
    lat: search.get('lat') ?? '',
    lng: search.get('lng') ?? '',
    name: search.get('name') ?? '',
    address: search.get('address') ?? '',
  });
}

/** The query string that opens `point` on open-location (the inverse of `pointFromQuery`). */
export function pointQuery(point: LocationPoint): string {
  const search = new URLSearchParams({ lat: formatCoordinate(point.lat), lng: formatCoordinate(point.lng) });
  if (point.name) search.set('name', point.name);
  if (point.address) search.set('address', point.address);
  return search.toString();
}

const RETURN_PATH_MAX = 200;
/** In-app page paths only: '/pages/<section>/<page>' made of plain path characters, no query. */
const APP_PAGE = /^\/pages\/[a-z0-9-]+\/[a-z0-9-]+$/i;

/**
 * Where choose-location sends the chosen point: a page of this app, never another origin ("//evil",
 * "https://..."), a script URL, or choose-location itself. Null when the path is not one.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > RETURN_PATH_MAX) return null;
  if (!APP_PAGE.test(raw) || raw === CHOOSE_LOCATION_PATH) return null;
  return raw;
}

/** A request id names one trip to choose-location and back; it is also the send's idempotency key. */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function safeRequestId(raw: string | null | undefined): string | null {
  return raw && REQUEST_ID.test(raw) ? raw : null;
}
