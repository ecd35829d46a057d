/**
 * /pages/open-location/index?lat=..&lng=..&name=..&address=..: shows a given point on the map with its
 * name and address (as text) and its coordinates, which can be copied. A point the query gets wrong is
 * not guessed at: the page says which value is wrong.
 */
import '../location.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LocationMap } from '../components/location-map.tsx';
import { LocationProblem } from '../components/location-problem.tsx';
import { formatCoordinate, pointFromQuery } from '../location-point.ts';
import { useMapTiles } from '../use-map-tiles.ts';

export default function OpenLocationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const parsed = useMemo(() => pointFromQuery(search), [search]);
  const { tiles, ready } = useMapTiles();

  if (!parsed.ok) {
    const reasons = Object.values(parsed.errors).map((key) => t(key));
    return (
      <div className="page location-page">
        <PageHeader title={t('titles.openLocation')} />
        <main className="page__body">
          <LocationProblem message={t('location.badPoint')} details={reasons} />
        </main>
      </div>
    );
  }

  const { point } = parsed;
  const coordinates = `${formatCoordinate(point.lat)}, ${formatCoordinate(point.lng)}`;
  return (
    <div className="page location-page">
      <PageHeader title={t('titles.openLocation')} />
      <main className="page__body">
        {ready ? (
          <LocationMap tiles={tiles} point={point} label={t('location.mapLabelShow')} />
        ) : (
          <div className="location-map location-map--waiting" aria-busy="true" />
        )}
        <section className="location-place" aria-label={t('location.place')}>
          <h2 className="location-place__name" data-testid="open-location-name">
            {point.name ?? t('location.unnamed')}
          </h2>
          {point.address ? (
            <p className="location-place__address" data-testid="open-location-address">
              {point.address}
            </p>
          ) : null}
          <div className="location-place__coordinates">
            <span>
              <span className="location-place__label">{t('location.coordinates')}</span>{' '}
              <span data-testid="open-location-coordinates">{coordinates}</span>
            </span>
            <CopyButton
              text={coordinates}
              label={t('location.copyCoordinates')}
              testId="open-location-copy"
            />
          </div>
        </section>
      </main>
    </div>
  );
}
