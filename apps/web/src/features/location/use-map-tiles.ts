/**
 * The tile settings the location pages draw with: the remote configuration's, or the defaults when it
 * cannot be read (see map-tiles.ts). `ready` is false only while it is being read for the first time, so
 * the map is not drawn twice with two tile servers.
 */
import { useRemoteConfig } from '../../lib/remote-config.ts';
import { type MapTiles, usableTiles } from './map-tiles.ts';

export function useMapTiles(): { tiles: MapTiles; ready: boolean } {
  const config = useRemoteConfig();
  return { tiles: usableTiles(config.data?.map), ready: !config.isPending };
}
