/**
 * How choose-location hands the chosen point back. The page that asks opens
 * `/pages/choose-location/index?return=<its path>&request=<id>`; on Confirm, choose-location replaces
 * itself with the return path carrying the navigation state `{ pickedLocation: { request, point } }`.
 * The asking page checks the request id is one it issued and the point against the contract's
 * `sharedLocationSchema` before it uses it (the state is history data, so it is re-validated there).
 */
import type { LocationPoint } from './location-point.ts';

export interface PickedLocationState {
  pickedLocation: { request: string; point: LocationPoint };
}

export function pickedLocationState(request: string, point: LocationPoint): PickedLocationState {
  return { pickedLocation: { request, point } };
}
