/**
 * A location a user shared: its name (or "Shared location"), address and coordinates as text, and a link
 * that opens the point on OpenStreetMap in a new tab (no referrer, no access back to the console).
 */
import type { SupportLocation } from '@tradehall/contracts';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const coordinate = (value: number) => String(Number(value.toFixed(6)));

/** OpenStreetMap with a marker at the point, zoomed to street level. */
export function openStreetMapUrl(location: { lat: number; lng: number }): string {
  const lat = coordinate(location.lat);
  const lng = coordinate(location.lng);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

export function LocationMessage({ location }: { location: SupportLocation }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={2} data-testid="support-location">
      <Typography.Text strong data-testid="support-location-name">
        📍 {location.name ?? t('support.sharedLocation')}
      </Typography.Text>
      {location.address ? (
        <Typography.Text data-testid="support-location-address">{location.address}</Typography.Text>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('support.coordinates')}:{' '}
        <span data-testid="support-location-coordinates">
          {coordinate(location.lat)}, {coordinate(location.lng)}
        </span>
      </Typography.Text>
      <Typography.Link
        href={openStreetMapUrl(location)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="support-location-link"
      >
        {t('support.openInMap')}
      </Typography.Link>
    </Space>
  );
}
