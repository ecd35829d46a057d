/**
 * The browser's position, asked for once on request. The answer is one of: where the device is, "denied"
 * (the user or the browser's settings said no), or "unavailable" (no geolocation here, no fix in time).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type GeoStatus = 'idle' | 'locating' | 'located' | 'denied' | 'unavailable';

const GEO_TIMEOUT_MS = 10_000;
/** A fix up to a minute old is good enough to start from. */
const GEO_MAX_AGE_MS = 60_000;

export function useGeolocation(onFix: (point: { lat: number; lng: number }) => void) {
  const [status, setStatus] = useState<GeoStatus>('idle');
  const fix = useRef(onFix);
  fix.current = onFix;
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const locate = useCallback(() => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setStatus('unavailable');
      return;
    }
    setStatus('locating');
    geolocation.getCurrentPosition(
      (position) => {
        if (!alive.current) return;
        setStatus('located');
        fix.current({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => {
        if (!alive.current) return;
        setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { enableHighAccuracy: true, timeout: GEO_TIMEOUT_MS, maximumAge: GEO_MAX_AGE_MS },
    );
  }, []);

  return { status, locate };
}
