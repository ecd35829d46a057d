/**
 * A shared location in the conversation: its name (or "Shared location"), address and coordinates, all as
 * text; the whole card opens the point on open-location.
 */
import type { SupportLocation } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openLocationUrl } from '../location-share.ts';

const coordinate = (value: number) => String(Number(value.toFixed(6)));

export function LocationCard({ location }: { location: SupportLocation }) {
  const { t } = useTranslation();
  const place = location.name ?? t('location.unnamed');
  return (
    <Link
      to={openLocationUrl(location)}
      className="support-location"
      aria-label={t('support.locationCard', { place })}
      data-testid="support-location-card"
    >
      <svg className="support-location__pin" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path
          d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
          fill="currentColor"
        />
      </svg>
      <span className="support-location__body">
        <span className="support-location__name" data-testid="support-location-name">
          {place}
        </span>
        {location.address ? (
          <span className="support-location__address" data-testid="support-location-address">
            {location.address}
          </span>
        ) : null}
        <span className="support-location__coordinates" data-testid="support-location-coordinates">
          {coordinate(location.lat)}, {coordinate(location.lng)}
        </span>
      </span>
    </Link>
  );
}
