/**
 * The map tiles of the location pages: the remote configuration's `map` settings when the app has them,
 * else OpenStreetMap's standard tiles (the defaults live here, in one place). A template that is not an
 * http(s) or same-origin URL with {z}/{x}/{y} is not used: the defaults stand in.
 */
import type { RemoteConfig } from '@tradehall/contracts';

export type MapTiles = RemoteConfig['map'];

export const DEFAULT_MAP_TILES: MapTiles = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  maxZoom: 19,
};

const TEMPLATE = /^(https?:\/\/[^\s/?#]+|)\/[^\s]*$/;

export function usableTiles(tiles: MapTiles | null | undefined): MapTiles {
  if (!tiles) return DEFAULT_MAP_TILES;
  const { tileUrl } = tiles;
  const complete = tileUrl.includes('{z}') && tileUrl.includes('{x}') && tileUrl.includes('{y}');
  if (!complete || !TEMPLATE.test(tileUrl) || tileUrl.startsWith('//')) return DEFAULT_MAP_TILES;
  return tiles;
}
