/**
 * A Leaflet map with one marker. Loaded only by the location pages (their own chunk): Leaflet, its CSS and
 * its marker images are bundled with them, never in the first screen, and no image comes from a CDN.
 *
 * - With `onPick`, a tap on the map (or dragging the marker) picks that point; tiles are not needed for
 *   it, so picking works when they cannot load.
 * - The attribution is rendered by React as text (Leaflet's own control would insert the configured
 *   string as HTML).
 * - "Map tiles could not load" shows when a tile fails before any has loaded, or none has loaded after
 *   a while (an unreachable tile host can hang rather than fail).
 */
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapTiles } from '../map-tiles.ts';

export interface MapPoint {
  lat: number;
  lng: number;
}

export interface LocationMapProps {
  tiles: MapTiles;
  /** The marker; null shows none. */
  point: MapPoint | null;
  /** Where to look when there is no point yet. */
  fallbackCenter?: MapPoint;
  onPick?: (point: MapPoint) => void;
  label: string;
}

const MARKER = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

/** Zoom on a point (streets readable) and on the whole world (no point yet). */
const POINT_ZOOM = 15;
const WORLD_ZOOM = 1;
/** No tile after this long counts as "could not load". */
const TILE_PATIENCE_MS = 8000;

export function LocationMap({ tiles, point, fallbackCenter, onPick, label }: LocationMapProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [tilesFailed, setTilesFailed] = useState(false);
  const initial = useRef({ point, fallbackCenter });
  const zoomTitles = useRef({ in: t('location.zoomIn'), out: t('location.zoomOut') });

  // The map lives as long as the component; tiles are set up again only if their settings change.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const start = initial.current.point ?? initial.current.fallbackCenter;
    const instance = L.map(element, {
      attributionControl: false,
      zoomControl: false,
      maxZoom: tiles.maxZoom,
      worldCopyJump: true,
    }).setView(start ? [start.lat, start.lng] : [20, 0], initial.current.point ? POINT_ZOOM : WORLD_ZOOM);
    map.current = instance;
    L.control
      .zoom({ zoomInTitle: zoomTitles.current.in, zoomOutTitle: zoomTitles.current.out })
      .addTo(instance);

    let loaded = false;
    setTilesFailed(false);
    const layer = L.tileLayer(tiles.tileUrl, { maxZoom: tiles.maxZoom, crossOrigin: false });
    layer.on('tileload', () => {
      loaded = true;
      setTilesFailed(false);
    });
    layer.on('tileerror', () => {
      if (!loaded) setTilesFailed(true);
    });
    layer.addTo(instance);
    const patience = window.setTimeout(() => {
      if (!loaded) setTilesFailed(true);
    }, TILE_PATIENCE_MS);

    instance.on('click', (event: L.LeafletMouseEvent) => {
      const wrapped = event.latlng.wrap();
      pick.current?.({ lat: wrapped.lat, lng: wrapped.lng });
    });

    return () => {
      window.clearTimeout(patience);
      instance.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tiles.tileUrl, tiles.maxZoom]);

  // The marker follows the point; the view follows it when it leaves the visible area.
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (!point) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const at = L.latLng(point.lat, point.lng);
    if (marker.current) {
      marker.current.setLatLng(at);
    } else {
      const created = L.marker(at, {
        icon: MARKER,
        draggable: Boolean(pick.current),
        keyboard: false,
        alt: label,
      });
      created.on('dragend', () => {
        const wrapped = created.getLatLng().wrap();
        pick.current?.({ lat: wrapped.lat, lng: wrapped.lng });
      });
      created.addTo(instance);
      marker.current = created;
    }
    if (instance.getZoom() < POINT_ZOOM - 5) instance.setView(at, POINT_ZOOM);
    else if (!instance.getBounds().contains(at)) instance.panTo(at);
  }, [point, label]);

  return (
    <div className="location-map">
      <section
        ref={container}
        className="location-map__canvas"
        aria-label={label}
        data-testid="location-map"
        data-tiles-failed={tilesFailed ? 'true' : 'false'}
      ></section>
      <p className="location-map__attribution" data-testid="location-map-attribution">
        {tiles.attribution}
      </p>
      {tilesFailed ? (
        <p className="location-map__note" role="status" data-testid="location-map-tiles-failed">
          {onPick ? t('location.tilesFailed') : t('location.tilesFailedShow')}
        </p>
      ) : null}
    </div>
  );
}
