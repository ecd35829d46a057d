import { authEndpoints } from '@tradehall/contracts/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './api.ts';
import { formatBps, formatTime } from './format.ts';
import { changeLanguage, i18n, initialLanguage, LANGUAGE_STORAGE_KEY, languageFromBrowser } from './i18n.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
  localStorage.clear();
});

describe('console language', () => {
  it('takes Chinese browsers to zh-cn and everyone else to English', () => {
    expect(languageFromBrowser(['zh-CN', 'en'])).toBe('zh-cn');
    expect(languageFromBrowser(['zh-TW'])).toBe('zh-cn');
    expect(languageFromBrowser(['zh'])).toBe('zh-cn');
    expect(languageFromBrowser(['en-US', 'zh-CN'])).toBe('en');
    expect(languageFromBrowser(['fr-FR'])).toBe('en');
    expect(languageFromBrowser([])).toBe('en');
  });

  it('remembers the choice, which wins over the browser', async () => {
    await changeLanguage('zh-cn');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-cn');
    expect(initialLanguage()).toBe('zh-cn');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(i18n.t('shell.menu.deposits')).toBe('充值审核');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(initialLanguage()).toBe(languageFromBrowser(navigator.languages));
  });

  it('asks the server for messages in the chosen language', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ error: { code: 'INVALID_CAPTCHA', message: '验证码错误' } }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await changeLanguage('zh-cn');
    await expect(call(authEndpoints.captcha)).rejects.toThrow('验证码错误');
    await changeLanguage('en');
    await expect(call(authEndpoints.captcha)).rejects.toThrow();
    const languages = fetchMock.mock.calls.map(
      ([, init]) => (init.headers as Record<string, string>)['Accept-Language'],
    );
    expect(languages).toEqual(['zh-cn', 'en']);
  });

  it('formats rates and times for the language', async () => {
    expect(formatBps(300)).toBe('3.00%');
    const moment = new Date(2026, 10, 21, 8, 3, 27).getTime() / 1000;
    expect(formatTime(moment)).toBe('21/11/2026, 08:03:27');
    await changeLanguage('zh-cn');
    expect(formatTime(moment)).toBe('2026/11/21 08:03:27');
    expect(formatBps(250)).toBe('2.50%');
    expect(formatTime(null)).toBe('—');
  });
});
