import { describe, expect, it } from 'vitest';
import { openStreetMapUrl } from './location-message.tsx';

describe('the map link of a shared location', () => {
  it('puts a marker at the point, rounded to six decimals', () => {
    expect(openStreetMapUrl({ lat: 48.84430001, lng: -2.3744 })).toBe(
      'https://www.openstreetmap.org/?mlat=48.8443&mlon=-2.3744#map=17/48.8443/-2.3744',
    );
  });
});
