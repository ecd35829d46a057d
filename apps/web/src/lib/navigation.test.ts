import { describe, expect, it } from 'vitest';
import { createNavigation, type NavigationPort, sameAppPath, withQuery } from './navigation.ts';

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
    expect(withQuery('/pages/login/index', { account: 'demo user', redirect: '/pages/mine/index' })).toBe(
      '/pages/login/index?account=demo+user&redirect=%2Fpages%2Fmine%2Findex',
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
    expect(nav.navigateTo('/pages/withdraw/index', { from: 'mine' })).toBe(true);
    expect(history.calls).toEqual(['push /pages/withdraw/index?from=mine']);
    expect(history.current()).toBe('/pages/withdraw/index?from=mine');
  });

  it('skips navigating to the page already shown', () => {
    const history = fakeHistory('/pages/mine/index');
    const nav = createNavigation(history.port);
    expect(nav.navigateTo('/pages/mine/index')).toBe(false);
    expect(nav.redirectTo('/pages/mine/index')).toBe(false);
    expect(nav.switchTab('/pages/mine/index')).toBe(false);
    expect(nav.reLaunch('/pages/mine/index')).toBe(false);
    expect(history.calls).toEqual([]);
    // Same page with other parameters is a different page view.
    expect(nav.navigateTo('/pages/mine/index', { tab: 2 })).toBe(true);
  });

  it('redirectTo, switchTab and reLaunch replace the current entry', () => {
    const history = fakeHistory('/pages/login/index');
    const nav = createNavigation(history.port);
    nav.redirectTo('/pages/register/index', { code: 'AB12CD34' });
    nav.switchTab('/pages/kefu/index');
    nav.reLaunch('/', { welcome: 1 });
    expect(history.calls).toEqual([
      'replace /pages/register/index?code=AB12CD34',
      'replace /pages/kefu/index',
      'replace /?welcome=1',
    ]);
  });

  it('navigateBack goes back one step by default, or the given number', () => {
    const history = fakeHistory('/');
    const nav = createNavigation(history.port);
    nav.navigateTo('/pages/mine/index');
    nav.navigateTo('/pages/login-password-change/mima');
    nav.navigateTo('/pages/login-password-change/index');
    nav.navigateBack();
    expect(history.current()).toBe('/pages/login-password-change/mima');
    nav.navigateBack(2);
    expect(history.current()).toBe('/');
    expect(history.calls.slice(-2)).toEqual(['back 1', 'back 2']);
  });

  it('navigateBack with nothing to go back to opens Home instead of leaving the app', () => {
    const history = fakeHistory('/pages/mine/zichan');
    const nav = createNavigation(history.port);
    nav.navigateBack();
    expect(history.calls).toEqual(['replace /']);
  });
});

describe('redirect targets', () => {
  it('follows only paths of this app', () => {
    expect(sameAppPath('/pages/withdraw/index')).toBe('/pages/withdraw/index');
    expect(sameAppPath('/pages/withdraw/index?x=1')).toBe('/pages/withdraw/index?x=1');
    expect(sameAppPath('//evil.example/pages')).toBeNull();
    expect(sameAppPath('/\\evil.example')).toBeNull();
    expect(sameAppPath('https://evil.example')).toBeNull();
    expect(sameAppPath('')).toBeNull();
    expect(sameAppPath(null)).toBeNull();
  });
});
