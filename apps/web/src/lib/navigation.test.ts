import { describe, expect, it } from 'vitest';
import { createNavigation, type NavigationPort, sameAppPath, withQuery } from './navigation.ts';
import {
  ASSETS_PATH,
  LOGIN_PASSWORD_PATH,
  LOGIN_PATH,
  MY_ACCOUNT_PATH,
  PASSWORD_MENU_PATH,
  REGISTER_PATH,
  SUPPORT_PATH,
  WITHDRAW_PATH,
} from './paths.ts';

/** A history of entries, like the browser's, recording what the navigation API asked for. */
function fakeHistory(start = '/') {
  const entries = [start];
  let index = 0;
  const calls: string[] = [];
  const port: NavigationPort = {
    current: () => entries[index] ?? '/',
    go: (to, { replace }) => {
      calls.push(`${replace ? 'replace' : 'push'} ${to}`);
      if (replace) entries[index] = to;
      else {
        entries.splice(index + 1, entries.length, to);
        index += 1;
      }
    },
    back: (delta) => {
      calls.push(`back ${delta}`);
      index = Math.max(0, index - delta);
    },
    canGoBack: () => index > 0,
  };
  return { port, calls, current: () => port.current() };
}

describe('withQuery', () => {
  it('appends parameters as a query string, encoded, skipping null and undefined', () => {
    expect(withQuery(LOGIN_PATH, { account: 'demo user', redirect: MY_ACCOUNT_PATH })).toBe(
      `${LOGIN_PATH}?account=demo+user&redirect=${encodeURIComponent(MY_ACCOUNT_PATH)}`,
    );
    expect(withQuery('/a', { n: 1, yes: true, none: null, missing: undefined })).toBe('/a?n=1&yes=true');
    expect(withQuery('/a')).toBe('/a');
    expect(withQuery('/a?x=1', { y: 2 })).toBe('/a?x=1&y=2');
  });
});

describe('createNavigation', () => {
  it('navigateTo pushes the page with its parameters', () => {
    const history = fakeHistory('/');
    const nav = createNavigation(history.port);
    expect(nav.navigateTo(WITHDRAW_PATH, { from: 'mine' })).toBe(true);
    expect(history.calls).toEqual([`push ${WITHDRAW_PATH}?from=mine`]);
    expect(history.current()).toBe(`${WITHDRAW_PATH}?from=mine`);
  });

  it('skips navigating to the page already shown', () => {
    const history = fakeHistory(MY_ACCOUNT_PATH);
    const nav = createNavigation(history.port);
    expect(nav.navigateTo(MY_ACCOUNT_PATH)).toBe(false);
    expect(nav.redirectTo(MY_ACCOUNT_PATH)).toBe(false);
    expect(nav.switchTab(MY_ACCOUNT_PATH)).toBe(false);
    expect(nav.reLaunch(MY_ACCOUNT_PATH)).toBe(false);
    expect(history.calls).toEqual([]);
    // Same page with other parameters is a different page view.
    expect(nav.navigateTo(MY_ACCOUNT_PATH, { tab: 2 })).toBe(true);
  });

  it('redirectTo, switchTab and reLaunch replace the current entry', () => {
    const history = fakeHistory(LOGIN_PATH);
    const nav = createNavigation(history.port);
    nav.redirectTo(REGISTER_PATH, { code: 'AB12CD34' });
    nav.switchTab(SUPPORT_PATH);
    nav.reLaunch('/', { welcome: 1 });
    expect(history.calls).toEqual([
      `replace ${REGISTER_PATH}?code=AB12CD34`,
      `replace ${SUPPORT_PATH}`,
      'replace /?welcome=1',
    ]);
  });

  it('navigateBack goes back one step by default, or the given number', () => {
    const history = fakeHistory('/');
    const nav = createNavigation(history.port);
    nav.navigateTo(MY_ACCOUNT_PATH);
    nav.navigateTo(PASSWORD_MENU_PATH);
    nav.navigateTo(LOGIN_PASSWORD_PATH);
    nav.navigateBack();
    expect(history.current()).toBe(PASSWORD_MENU_PATH);
    nav.navigateBack(2);
    expect(history.current()).toBe('/');
    expect(history.calls.slice(-2)).toEqual(['back 1', 'back 2']);
  });

  it('navigateBack with nothing to go back to opens Home instead of leaving the app', () => {
    const history = fakeHistory(ASSETS_PATH);
    const nav = createNavigation(history.port);
    nav.navigateBack();
    expect(history.calls).toEqual(['replace /']);
  });
});

describe('redirect targets', () => {
  it('follows only paths of this app', () => {
    expect(sameAppPath(WITHDRAW_PATH)).toBe(WITHDRAW_PATH);
    expect(sameAppPath(`${WITHDRAW_PATH}?x=1`)).toBe(`${WITHDRAW_PATH}?x=1`);
    expect(sameAppPath('//evil.example/pages')).toBeNull();
    expect(sameAppPath('/\\evil.example')).toBeNull();
    expect(sameAppPath('https://evil.example')).toBeNull();
    expect(sameAppPath('')).toBeNull();
    expect(sameAppPath(null)).toBeNull();
  });
});
