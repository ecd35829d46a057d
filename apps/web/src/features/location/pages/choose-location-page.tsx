/**
 * /pages/choose-location/index?return=<in-app path>&request=<id>[&lat=..&lng=..]: picks a point and
 * returns it to the page that asked (see location-handoff.ts). The point starts where the query says,
 * else where the browser says the device is; a tap on the map, dragging the marker or typing the
 * coordinates moves it. It works without map tiles: the coordinates, the marker and the picking stay.
 */
import '../location.css';
import { LOCATION_ADDRESS_MAX, LOCATION_NAME_MAX } from '@tradehall/contracts';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { LocationMap, type MapPoint } from '../components/location-map.tsx';
import { LocationProblem } from '../components/location-problem.tsx';
import { pickedLocationState } from '../location-handoff.ts';
import {
  formatCoordinate,
  type PointErrors,
  type PointMessageKey,
  parseCoordinate,
  parsePoint,
  safeRequestId,
  safeReturnPath,
} from '../location-point.ts';
import { type GeoStatus, useGeolocation } from '../use-geolocation.ts';
import { useMapTiles } from '../use-map-tiles.ts';

const GEO_MESSAGE: Record<GeoStatus, PointMessageKey | null> = {
  idle: null,
  locating: 'location.locating',
  located: null,
  denied: 'location.geoDenied',
  unavailable: 'location.geoUnavailable',
};

export default function ChooseLocationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const returnPath = safeReturnPath(search.get('return'));
  const request = safeRequestId(search.get('request'));
  if (!returnPath || !request) {
    return (
      <div className="page">
        <PageHeader title={t('titles.chooseLocation')} />
        <main className="page__body">
          <LocationProblem message={t('location.badRequest')} />
        </main>
      </div>
    );
  }
  return <ChooseLocation returnPath={returnPath} request={request} search={search} />;
}

function ChooseLocation({
  returnPath,
  request,
  search,
}: {
  returnPath: string;
  request: string;
  search: URLSearchParams;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tiles, ready } = useMapTiles();
  const start = useMemo(() => {
    const lat = parseCoordinate(search.get('lat') ?? '', 'lat');
    const lng = parseCoordinate(search.get('lng') ?? '', 'lng');
    return lat.ok && lng.ok ? { lat: lat.value, lng: lng.value } : null;
  }, [search]);
  const [latText, setLatText] = useState(start ? formatCoordinate(start.lat) : '');
  const [lngText, setLngText] = useState(start ? formatCoordinate(start.lng) : '');
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<PointErrors>({});
  // Once the user has put the point somewhere, a late answer from geolocation does not move it.
  const chosenByUser = useRef(start !== null);

  const place = useCallback((point: MapPoint, byUser: boolean) => {
    if (byUser) chosenByUser.current = true;
    setLatText(formatCoordinate(point.lat));
    setLngText(formatCoordinate(point.lng));
    setErrors((current) => ({ ...current, lat: undefined, lng: undefined }));
  }, []);
  // The device's position moves the point only until the user has put it somewhere themselves.
  const geo = useGeolocation((point) => {
    if (!chosenByUser.current) place(point, false);
  });
  // Without a point to start from, the device's position is the start (if the browser gives it).
  const startsEmpty = start === null;
  const { locate } = geo;
  useEffect(() => {
    if (startsEmpty) locate();
  }, [startsEmpty, locate]);

  const lat = parseCoordinate(latText, 'lat');
  const lng = parseCoordinate(lngText, 'lng');
  const latValue = lat.ok ? lat.value : null;
  const lngValue = lng.ok ? lng.value : null;
  const markerAt = useMemo(
    () => (latValue !== null && lngValue !== null ? { lat: latValue, lng: lngValue } : null),
    [latValue, lngValue],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePoint({ lat: latText, lng: lngText, name, address });
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    void Promise.resolve(
      navigate(returnPath, { replace: true, state: pickedLocationState(request, parsed.point) }),
    ).catch(() => {});
  };

  const geoMessage = GEO_MESSAGE[geo.status];
  const edit = (field: keyof PointErrors, set: (value: string) => void) => (value: string) => {
    if (field === 'lat' || field === 'lng') chosenByUser.current = true;
    set(value);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <div className="page location-page">
      <PageHeader title={t('titles.chooseLocation')} />
      <main className="page__body">
        {ready ? (
          <LocationMap
            tiles={tiles}
            point={markerAt}
            onPick={(point) => place(point, true)}
            label={t('location.mapLabelPick')}
          />
        ) : (
          <div className="location-map location-map--waiting" aria-busy="true" />
        )}
        <p className="location-page__hint">{t('location.pickHint')}</p>
        <form className="form" onSubmit={submit} noValidate data-testid="choose-location-form">
          <div className="location-page__coordinates">
            <TextField
              label={t('location.latitude')}
              value={latText}
              onChange={edit('lat', setLatText)}
              error={errors.lat ? t(errors.lat) : null}
              inputMode="decimal"
              autoComplete="off"
              testId="location-lat"
            />
            <TextField
              label={t('location.longitude')}
              value={lngText}
              onChange={edit('lng', setLngText)}
              error={errors.lng ? t(errors.lng) : null}
              inputMode="decimal"
              autoComplete="off"
              testId="location-lng"
            />
          </div>
          <div className="location-page__geo">
            <button
              type="button"
              className="text-button text-button--small"
              onClick={() => {
                chosenByUser.current = false;
                geo.locate();
              }}
              disabled={geo.status === 'locating'}
              data-testid="location-use-mine"
            >
              {t('location.useMyLocation')}
            </button>
            {geoMessage ? (
              <span className="location-page__geo-status" role="status" data-testid="location-geo-status">
                {t(geoMessage)}
              </span>
            ) : null}
          </div>
          <TextField
            label={t('location.name')}
            value={name}
            onChange={edit('name', setName)}
            error={errors.name ? t(errors.name) : null}
            hint={t('location.optionalUpTo', { max: LOCATION_NAME_MAX })}
            placeholder={t('location.namePlaceholder')}
            testId="location-name"
          />
          <TextField
            label={t('location.address')}
            value={address}
            onChange={edit('address', setAddress)}
            error={errors.address ? t(errors.address) : null}
            hint={t('location.optionalUpTo', { max: LOCATION_ADDRESS_MAX })}
            placeholder={t('location.addressPlaceholder')}
            testId="location-address"
          />
          <SubmitButton
            label={t('location.confirm')}
            busyLabel={t('location.confirm')}
            busy={false}
            testId="location-confirm"
          />
        </form>
      </main>
    </div>
  );
}
