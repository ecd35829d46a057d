/**
 * Sharing a location with customer service, at 390x844 beside the console at 1280x800, with no map tiles
 * (no internet here): choose-location starts from the browser's position, says the tiles could not load,
 * still shows the coordinates and the marker and lets the user pick by tapping or typing, with a message
 * for each bad value; the point comes back to the chat as a card that opens open-location; the console's
 * inbox shows it with a map link. The location pages work in all 8 languages without overflowing, a bad
 * point or return path is refused with a clear message, and Leaflet loads only with these pages (the chat
 * and the first screen do without it).
 */
import AxeBuilder from '@axe-core/playwright';
import { supportEndpoints } from '@tradehall/contracts/endpoints';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api.ts';
import { PHONE } from './support/browser.ts';
import { openSection } from './support/console.ts';
import { type ConsoleBesidePhone, openConsoleBesidePhone } from './support/console-beside-phone.ts';

let scene: ConsoleBesidePhone;
let phone: Page;
let console_: Page;
const account = `where_${Date.now().toString(36)}`;
const STATION = { lat: '48.8443', lng: '2.3744', name: 'Gare de Lyon', address: 'Place Louis-Armand, Paris' };
/** Where the browser says the phone is. */
const HERE = { latitude: 35.681236, longitude: 139.767125 };

/** Leaflet puts itself on `window.L` when it loads: there only once a location page has been opened. */
const leafletLoaded = (page: Page) => page.evaluate(() => 'L' in window);

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  scene = await openConsoleBesidePhone({ account, password: 'secret123' });
  ({ phone, console: console_ } = scene);
  await phone.context().grantPermissions(['geolocation'], { origin: scene.server.url });
  await phone.context().setGeolocation(HERE);
});

afterAll(async () => {
  await scene?.close();
});

describe('sharing a location with customer service', () => {
  it('lays the composer out full width in the theme, its controls one height and aligned', async () => {
    await phone.goto('/#/pages/kefu/index');
    await phone.getByTestId('support-input').waitFor();
    const box = async (testId: string) => {
      const found = await phone.getByTestId(testId).boundingBox();
      if (!found) throw new Error(`${testId} is not visible`);
      return found;
    };
    const form = await phone.locator('.support-composer').boundingBox();
    expect(form?.x).toBe(0);
    expect(form?.width).toBe(PHONE.width);
    const [share, input, send] = [
      await box('support-share-location'),
      await box('support-input'),
      await box('support-send'),
    ];
    for (const control of [share, send]) {
      expect(control.height).toBeCloseTo(input.height, 0);
      expect(control.y + control.height).toBeCloseTo(input.y + input.height, 0);
    }
    expect(share.x + share.width).toBeLessThan(input.x);
    expect(input.x + input.width).toBeLessThan(send.x);
    expect(send.x + send.width).toBeLessThanOrEqual(PHONE.width);
    const colours = await phone.getByTestId('support-input').evaluate((node) => {
      const style = getComputedStyle(node);
      return { background: style.backgroundColor, color: style.color };
    });
    // The theme's --bg and --text, not the browser's white box with black text.
    expect(colours).toEqual({ background: 'rgb(11, 26, 58)', color: 'rgb(232, 238, 252)' });
    expect(
      await phone.getByTestId('support-send').evaluate((node) => getComputedStyle(node).backgroundColor),
    ).toBe('rgb(20, 102, 224)');
    expect(await leafletLoaded(phone)).toBe(false);
  });

  it('opens choose-location from the chat, starting where the phone is, with no tiles', async () => {
    await phone.getByTestId('support-share-location').click();
    await phone.waitForURL(/#\/pages\/choose-location\/index\?return=%2Fpages%2Fkefu%2Findex&request=/);
    await expect.poll(() => phone.getByTestId('location-lat').inputValue()).toBe('35.681236');
    expect(await phone.getByTestId('location-lng').inputValue()).toBe('139.767125');
    await phone.locator('.leaflet-marker-icon').waitFor();
    expect(await leafletLoaded(phone)).toBe(true);
    // The marker image is bundled: served by this server or inlined, never from a CDN.
    const marker = (await phone.locator('.leaflet-marker-icon').getAttribute('src')) ?? '';
    expect(
      marker.startsWith(scene.server.url) || marker.startsWith('/') || marker.startsWith('data:image/'),
    ).toBe(true);
    await expect
      .poll(() => phone.getByTestId('location-map-tiles-failed').textContent(), { timeout: 15_000 })
      .toBe('Map tiles could not load. You can still tap the map or enter the coordinates.');
    expect(await phone.getByTestId('location-map-attribution').textContent()).toContain('OpenStreetMap');
    expect(await fitsWidth(phone)).toBe(true);
  });

  it('says what is wrong with each bad value and keeps the user on the page', async () => {
    await phone.getByTestId('location-lat').fill('95');
    await phone.getByTestId('location-lng').fill('east');
    await phone.getByTestId('location-name').fill('n'.repeat(101));
    await phone.getByTestId('location-confirm').click();
    const errors = phone.locator('.field__error');
    await expect
      .poll(() => errors.allTextContents())
      .toEqual([
        'Latitude must be between -90 and 90',
        'Enter a number of degrees, such as 48.8566',
        'This value is too long',
      ]);
    await phone.getByTestId('location-lat').fill('');
    await phone.getByTestId('location-confirm').click();
    await expect.poll(() => errors.first().textContent()).toBe('Please enter the latitude');
    expect(phone.url()).toContain('/pages/choose-location/index');
  });

  it('picks a point by tapping the map, and by typing it', async () => {
    await phone.getByTestId('location-lat').fill('10');
    await phone.getByTestId('location-lng').fill('20');
    await phone.getByTestId('location-name').fill('');
    const map = phone.getByTestId('location-map');
    const area = await map.boundingBox();
    if (!area) throw new Error('no map');
    await map.click({ position: { x: area.width * 0.8, y: area.height * 0.7 } });
    await expect.poll(() => phone.getByTestId('location-lat').inputValue()).not.toBe('10');
    const tapped = Number(await phone.getByTestId('location-lat').inputValue());
    expect(tapped).toBeLessThan(10);
    expect(Number(await phone.getByTestId('location-lng').inputValue())).toBeGreaterThan(20);

    await phone.getByTestId('location-lat').fill(STATION.lat);
    await phone.getByTestId('location-lng').fill(STATION.lng);
    await phone.getByTestId('location-name').fill(STATION.name);
    await phone.getByTestId('location-address').fill(STATION.address);
    await phone.getByTestId('location-confirm').click();
  });

  it('sends it to the chat as a card that opens the point on open-location', async () => {
    await phone.waitForURL(/#\/pages\/kefu\/index$/);
    const card = phone.getByTestId('support-location-card');
    await card.waitFor();
    expect(await phone.getByTestId('support-location-name').textContent()).toBe(STATION.name);
    expect(await phone.getByTestId('support-location-address').textContent()).toBe(STATION.address);
    expect(await phone.getByTestId('support-location-coordinates').textContent()).toBe('48.8443, 2.3744');
    const mine = await apiClient(scene.server.url, scene.session.token).call(supportEndpoints.list);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'location',
      location: { lat: 48.8443, lng: 2.3744, name: STATION.name, address: STATION.address },
    });
    // Back here again (a reload keeps no state to resend): still one message.
    await phone.reload();
    await card.waitFor();
    expect(await phone.getByTestId('support-location-card').count()).toBe(1);

    await card.click();
    await phone.waitForURL(/#\/pages\/open-location\/index\?lat=48.8443&lng=2.3744&name=/);
    expect(await phone.getByTestId('open-location-name').textContent()).toBe(STATION.name);
    expect(await phone.getByTestId('open-location-address').textContent()).toBe(STATION.address);
    expect(await phone.getByTestId('open-location-coordinates').textContent()).toBe('48.8443, 2.3744');
    await phone.locator('.leaflet-marker-icon').waitFor();
    expect(await fitsWidth(phone)).toBe(true);
  });

  it('shows the shared location in the console inbox with a map link', async () => {
    await openSection(console_, 'support');
    await console_.getByTestId(`support-thread-${account}`).click();
    const name = console_.getByTestId('support-location-name');
    await expect.poll(() => name.textContent()).toBe(`📍 ${STATION.name}`);
    expect(await console_.getByTestId('support-location-address').textContent()).toBe(STATION.address);
    expect(await console_.getByTestId('support-location-link').getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=48.8443&mlon=2.3744#map=17/48.8443/2.3744',
    );
    expect(await console_.getByTestId('support-location-link').getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
  });
});

describe('the location pages refuse what they cannot use', () => {
  it('says which value of a point is wrong', async () => {
    await phone.goto('/#/pages/open-location/index?lat=91&lng=abc');
    await expect
      .poll(() => phone.getByTestId('location-problem').locator('p').textContent())
      .toBe('This location cannot be shown.');
    expect(await phone.getByTestId('location-problem').locator('li').allTextContents()).toEqual([
      'Latitude must be between -90 and 90',
      'Enter a number of degrees, such as 48.8566',
    ]);
  });

  it('does not return a point to another site', async () => {
    await phone.goto(
      `/#/pages/choose-location/index?return=${encodeURIComponent('//evil.example/pages/kefu/index')}&request=0123456789abcdef`,
    );
    await expect
      .poll(() => phone.getByTestId('location-problem').locator('p').textContent())
      .toBe('This page was opened without a page to return the location to. Go back and try again.');
    expect(await phone.getByTestId('location-map').count()).toBe(0);
  });

  it('works in all 8 languages at 390x844', async () => {
    const titles: Record<string, string> = {};
    for (const locale of ['en', 'zh-cn', 'zh-hk', 'jp', 'kr', 'vi', 'th', 'ydn']) {
      await phone.evaluate((value) => localStorage.setItem('locale', value), locale);
      await phone.goto(
        '/#/pages/choose-location/index?return=/pages/kefu/index&request=0123456789abcdef&lat=1&lng=2',
      );
      await phone.reload();
      await phone.getByTestId('location-confirm').waitFor();
      await phone.getByTestId('location-lat').fill('100');
      await phone.getByTestId('location-confirm').click();
      await phone.locator('.field__error').first().waitFor();
      expect(await fitsWidth(phone), locale).toBe(true);
      titles[locale] =
        `${await phone.locator('h1').textContent()} | ${await phone.locator('.field__error').first().textContent()}`;
      await phone.goto('/#/pages/open-location/index?lat=1&lng=2&name=Test');
      await phone.getByTestId('open-location-name').waitFor();
      expect(await fitsWidth(phone), locale).toBe(true);
    }
    await phone.evaluate(() => localStorage.setItem('locale', 'en'));
    expect(titles.en).toBe('Choose location | Latitude must be between -90 and 90');
    expect(titles['zh-cn']).toBe('选择位置 | 纬度必须在 -90 到 90 之间');
    expect(titles.jp).toBe('位置を選択 | 緯度は -90 から 90 の間で入力してください');
    // Each language says it its own way.
    expect(new Set(Object.values(titles)).size).toBe(8);
  });

  it('has no serious or critical axe violation on either page', async () => {
    const serious: string[] = [];
    for (const route of [
      '/pages/choose-location/index?return=/pages/kefu/index&request=0123456789abcdef&lat=1&lng=2',
      '/pages/open-location/index?lat=48.8443&lng=2.3744&name=Gare%20de%20Lyon&address=Paris',
    ]) {
      await phone.goto(`/#${route}`);
      await phone.locator('.leaflet-marker-icon').waitFor();
      await phone.getByTestId('location-map-tiles-failed').waitFor();
      const results = await new AxeBuilder({ page: phone })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .exclude('.adm-toast-mask')
        .analyze();
      for (const violation of results.violations) {
        if (violation.impact === 'serious' || violation.impact === 'critical') {
          serious.push(
            `${route}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
        }
      }
    }
    expect(serious).toEqual([]);
  });
});
