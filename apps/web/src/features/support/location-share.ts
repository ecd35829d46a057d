/**
 * Sharing a location from the chat: the composer opens choose-location with this page as the return path
 * and a fresh request id (remembered for this tab); choose-location comes back with the navigation state
 * `{ pickedLocation: { request, point } }`. A point is used only when its request id is the one this tab
 * issued and it passes the contract's schema: history state is data, not trusted input.
 */
import '../../lib/zod-jitless.ts';
import { type SharedLocation, sharedLocationSchema } from '@tradehall/contracts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { withQuery } from '../../lib/navigation.ts';
import { CHOOSE_LOCATION_PATH, OPEN_LOCATION_PATH, SUPPORT_PATH } from '../../lib/paths.ts';

const PENDING_KEY = 'tradehall.support.locationRequest';

/** Kept in memory too: session storage may be unavailable (private mode, quota). */
let pendingInMemory: string | null = null;

function readPending(): string | null {
  try {
    return window.sessionStorage.getItem(PENDING_KEY) ?? pendingInMemory;
  } catch {
    return pendingInMemory;
  }
}

function writePending(request: string | null): void {
  pendingInMemory = request;
  try {
    if (request === null) window.sessionStorage.removeItem(PENDING_KEY);
    else window.sessionStorage.setItem(PENDING_KEY, request);
  } catch {
    // Memory holds it for this page's life.
  }
}

/** Where the "share location" action goes; the request id it issues is remembered. */
export function chooseLocationUrl(): string {
  const request = newIdempotencyKey();
  writePending(request);
  return withQuery(CHOOSE_LOCATION_PATH, { return: SUPPORT_PATH, request });
}

export interface PickedLocation {
  request: string;
  location: SharedLocation;
}

/** The point choose-location returned, if the state holds one this tab asked for. */
export function readPickedLocation(state: unknown): PickedLocation | null {
  if (!state || typeof state !== 'object' || !('pickedLocation' in state)) return null;
  const picked = state.pickedLocation;
  if (!picked || typeof picked !== 'object' || !('request' in picked) || !('point' in picked)) return null;
  const { request } = picked;
  if (typeof request !== 'string' || request !== readPending()) return null;
  const parsed = sharedLocationSchema.safeParse(picked.point);
  return parsed.success ? { request, location: parsed.data } : null;
}

/** The request is answered (sent): the same state seen again is not sent again. */
export function finishLocationRequest(request: string): void {
  if (readPending() === request) writePending(null);
}

/** open-location for a shared point (lat, lng, and the name and address when there are). */
export function openLocationUrl(location: {
  lat: number;
  lng: number;
  name: string | null;
  address: string | null;
}): string {
  return withQuery(OPEN_LOCATION_PATH, {
    lat: location.lat,
    lng: location.lng,
    name: location.name,
    address: location.address,
  });
}
