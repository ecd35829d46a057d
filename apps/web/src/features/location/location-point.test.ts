import { describe, expect, it } from 'vitest';
import { ADD_WALLET_PATH, CHOOSE_LOCATION_PATH, HOME_ALIAS_PATH, SUPPORT_PATH } from '../../lib/paths.ts';
import {
  formatCoordinate,
  parseCoordinate,
  parsePoint,
  pointFromQuery,
  pointQuery,
  safeRequestId,
  safeReturnPath,
} from './location-point.ts';
import { DEFAULT_MAP_TILES, usableTiles } from './map-tiles.ts';

describe('typed coordinates', () => {
  it('reads degrees with a dot or a comma, a sign and spaces around', () => {
    expect(parseCoordinate(' 48.8566 ', 'lat')).toEqual({ ok: true, value: 48.8566 });
    expect(parseCoordinate('-0,1276', 'lng')).toEqual({ ok: true, value: -0.1276 });
    expect(parseCoordinate('+2', 'lng')).toEqual({ ok: true, value: 2 });
    expect(parseCoordinate('.5', 'lat')).toEqual({ ok: true, value: 0.5 });
  });

  it('accepts the edges of the range and says which range a value is outside', () => {
    expect(parseCoordinate('90', 'lat').ok).toBe(true);
    expect(parseCoordinate('-180', 'lng').ok).toBe(true);
    expect(parseCoordinate('90.0001', 'lat')).toEqual({ ok: false, error: 'location.latRange' });
    expect(parseCoordinate('-91', 'lat')).toEqual({ ok: false, error: 'location.latRange' });
    expect(parseCoordinate('180.5', 'lng')).toEqual({ ok: false, error: 'location.lngRange' });
    expect(parseCoordinate('1000', 'lng')).toEqual({ ok: false, error: 'location.lngRange' });
  });

  it('asks for a missing value and refuses what is not a plain number', () => {
    expect(parseCoordinate('   ', 'lat')).toEqual({ ok: false, error: 'location.latRequired' });
    expect(parseCoordinate('', 'lng')).toEqual({ ok: false, error: 'location.lngRequired' });
    for (const text of ['abc', '1e2', '0x10', '1.2.3', 'Infinity', 'NaN', '12,5,1', '--1', '45°']) {
      expect(parseCoordinate(text, 'lat'), text).toEqual({ ok: false, error: 'location.notANumber' });
    }
  });

  it('formats to at most six decimals without trailing zeros', () => {
    expect(formatCoordinate(48.856613999)).toBe('48.856614');
    expect(formatCoordinate(2.5)).toBe('2.5');
    expect(formatCoordinate(-0)).toBe('0');
  });
});

describe('a whole point', () => {
  it('keeps a trimmed name and address and drops empty ones', () => {
    expect(parsePoint({ lat: '1', lng: '2', name: '  Gate  ', address: ' ' })).toEqual({
      ok: true,
      point: { lat: 1, lng: 2, name: 'Gate' },
    });
  });

  it('reports every bad field at once', () => {
    expect(parsePoint({ lat: '95', lng: 'x', name: 'n'.repeat(101), address: 'tab\there' })).toEqual({
      ok: false,
      errors: {
        lat: 'location.latRange',
        lng: 'location.notANumber',
        name: 'validation.tooLong',
        address: 'validation.controlCharacters',
      },
    });
  });

  it('reads open-location query strings and writes them back', () => {
    const point = { lat: 35.681236, lng: 139.767125, name: '東京駅 & <b>', address: 'Marunouchi 1' };
    const query = pointQuery(point);
    expect(pointFromQuery(new URLSearchParams(query))).toEqual({ ok: true, point });
    expect(pointFromQuery(new URLSearchParams('lng=2'))).toEqual({
      ok: false,
      errors: { lat: 'location.latRequired' },
    });
    expect(pointFromQuery(new URLSearchParams('lat=91&lng=-181'))).toEqual({
      ok: false,
      errors: { lat: 'location.latRange', lng: 'location.lngRange' },
    });
  });
});

describe('the return path of choose-location', () => {
  it('accepts pages of this app', () => {
    expect(safeReturnPath(SUPPORT_PATH)).toBe(SUPPORT_PATH);
    expect(safeReturnPath(ADD_WALLET_PATH)).toBe(ADD_WALLET_PATH);
  });

  it('refuses other origins, scripts, odd paths and itself', () => {
    for (const raw of [
      null,
      '',
      '//evil.example/pages/kefu/index',
      'https://evil.example/pages/kefu/index',
      'javascript:alert(1)',
      '/\\evil.example',
      `${HOME_ALIAS_PATH}/../../../admin`,
      `${SUPPORT_PATH}?x=1`,
      `${SUPPORT_PATH}#x`,
      '/elsewhere',
      CHOOSE_LOCATION_PATH,
      // biome-ignore lint/plugin: a page name far too long to be one of the app's, on purpose
      `/pages/${'a'.repeat(200)}/index`,
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBeNull();
    }
  });

  it('takes a request id of plain characters only', () => {
    expect(safeRequestId('0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
    expect(safeRequestId('short')).toBeNull();
    expect(safeRequestId('has space in it')).toBeNull();
    expect(safeRequestId(null)).toBeNull();
  });
});

describe('map tiles', () => {
  it('uses configured tiles and falls back to the defaults for unusable templates', () => {
    const custom = {
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      attribution: '© Example',
      maxZoom: 18,
    };
    expect(usableTiles(custom)).toBe(custom);
    expect(usableTiles({ ...custom, tileUrl: '/tiles/{z}/{x}/{y}.png' }).tileUrl).toBe(
      '/tiles/{z}/{x}/{y}.png',
    );
    expect(usableTiles(null)).toBe(DEFAULT_MAP_TILES);
    for (const tileUrl of [
      'javascript:alert(1)//{z}/{x}/{y}',
      '//evil.example/{z}/{x}/{y}.png',
      'https://tiles.example/{z}/{x}.png',
      'data:image/png;base64,{z}{x}{y}',
    ]) {
      expect(usableTiles({ ...custom, tileUrl }), tileUrl).toBe(DEFAULT_MAP_TILES);
    }
  });
});
