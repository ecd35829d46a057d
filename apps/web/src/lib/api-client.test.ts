import { uploadEndpoints } from '@tradehall/contracts/endpoints';
import sharedZhCn from '@tradehall/contracts/i18n/zh-cn.json';
import { REQUEST_TIMEOUT_MS } from '@tradehall/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  fetchAuthorizedBlob,
  setUnauthenticatedHandler,
  upload,
} from './api-client.ts';
import { changeLocale, initI18n } from './i18n.ts';
import { getToken, getUid, getUserInfo, STORAGE_KEYS, saveSession, setServerLine } from './storage.ts';

/** The network, replaced: records each request and answers with a real Response. */
function serve(respond: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetchStub = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://app.test'), init);
    requests.push(request);
    return Promise.resolve(respond(request));
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUnauthenticatedHandler(() => {});
  await changeLocale('en', { persist: false });
});

describe('api client', () => {
  it('sends JSON to /api/v1 with the bearer token and the current locale as Accept-Language', async () => {
    saveSession('tok-123', { username: 'demo', id: 'u-1' });
    await changeLocale('jp', { persist: false });
    const requests = serve(() => json(200, { ok: true }));
    const result = await apiRequest<{ ok: boolean }>({
      method: 'POST',
      path: '/me/password',
      body: { oldPassword: 'a' },
    });
    expect(result).toEqual({ ok: true });
    const [request] = requests;
    expect(request?.url).toBe('http://app.test/api/v1/me/password');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(request?.headers.get('Accept-Language')).toBe('jp');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(await request?.json()).toEqual({ oldPassword: 'a' });
  });

  it('sends no Authorization header without a session, and serialises query parameters', async () => {
    const requests = serve(() => json(200, {}));
    await apiRequest({ path: '/auth/captcha', query: { page: 2, filter: undefined, q: 'a b' } });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.url).toBe('http://app.test/api/v1/auth/captcha?page=2&q=a+b');
  });

  it("turns the server's error body into an ApiError with its code, translated message and details", async () => {
    serve(() =>
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Bitte Felder prüfen',
          details: [{ path: 'account', message: 'Account must be 4-32 letters, digits or underscores' }],
        },
      }),
    );
    const error = await apiRequest({ method: 'POST', path: '/auth/register', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Bitte Felder prüfen',
      details: [{ path: 'account', message: 'Account must be 4-32 letters, digits or underscores' }],
    });
  });

  it('keeps the values the server interpolated into its message', async () => {
    serve(() =>
      json(400, {
        error: {
          code: 'DEPOSIT_BELOW_MINIMUM',
          message: 'Recharge amount cannot be less than $10.00',
          params: { amount: '$10.00' },
        },
      }),
    );
    const error = await apiRequest({ method: 'POST', path: '/deposits', body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'DEPOSIT_BELOW_MINIMUM',
      message: 'Recharge amount cannot be less than $10.00',
      params: { amount: '$10.00' },
    });
  });

  it('sends a FormData body as is (multipart, the browser sets the boundary), not as JSON', async () => {
    const UPLOADED = {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      url: '/api/v1/uploads/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      contentType: 'image/png',
      size: 3,
    };
    saveSession('tok-9', { username: 'demo', id: 'u-1' });
    const fetchStub = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(json(201, UPLOADED)),
    );
    vi.stubGlobal('fetch', fetchStub);
    const form = new FormData();
    form.append('file', new File([new Uint8Array([1, 2, 3])], 'receipt.png', { type: 'image/png' }));
    expect(await upload(uploadEndpoints.upload, form)).toEqual(UPLOADED);
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/uploads');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(form);
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-9');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('keeps retryAfterSeconds for rate limits', async () => {
    serve(() => json(429, { error: { code: 'RESEND_TOO_SOON', message: 'Wait', retryAfterSeconds: 42 } }));
    const error = await apiRequest({ method: 'POST', path: '/auth/password-reset/code' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'RESEND_TOO_SOON', retryAfterSeconds: 42 });
  });

  it('maps a response that is not our error body by status, with the message in the current language', async () => {
    await changeLocale('zh-cn', { persist: false });
    serve(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await apiRequest({ path: '/me' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL' });
    expect((error as ApiError).message).toBe(sharedZhCn.errors.INTERNAL);
  });

  it('reports a network failure as NETWORK_ERROR with the "network signal lost" message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiRequest({ path: '/me' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network signal lost, please check your connection',
    });
  });

  it('gives up after the 30 s request timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const outcome = apiRequest({ path: '/me' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await outcome).toMatchObject({
      code: 'TIMEOUT',
      message: 'The request timed out, please try again',
    });
  });

  it('on 401 UNAUTHENTICATED clears token, userInfo and uid (and nothing else) and hands over to login', async () => {
    saveSession('revoked', { username: 'demo', id: 'u-1' });
    localStorage.setItem(STORAGE_KEYS.locale, 'jp');
    const onUnauthenticated = vi.fn();
    setUnauthenticatedHandler(onUnauthenticated);
    serve(() => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please log in again' } }));
    const error = await apiRequest({ path: '/me' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(getToken()).toBeNull();
    expect(getUserInfo()).toBeNull();
    expect(getUid()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('jp');
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('does not end the session for other 401s (a wrong password at login)', async () => {
    saveSession('still-valid', { username: 'demo', id: 'u-1' });
    const onUnauthenticated = vi.fn();
    setUnauthenticatedHandler(onUnauthenticated);
    serve(() =>
      json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect account or password' } }),
    );
    await apiRequest({ method: 'POST', path: '/auth/login', body: {} }).catch(() => undefined);
    expect(getToken()).toBe('still-valid');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});

describe('owner-only files', () => {
  it('fetches an API file with the bearer token', async () => {
    saveSession('tok-5', { username: 'demo', id: 'u-1' });
    const requests = serve(() => new Response(new Uint8Array([137, 80, 78, 71]), { status: 200 }));
    const blob = await fetchAuthorizedBlob('/api/v1/uploads/f-1');
    expect(blob.size).toBe(4);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-5');
  });

  it('never sends the token anywhere but the API', async () => {
    saveSession('tok-5', { username: 'demo', id: 'u-1' });
    const requests = serve(() => new Response('x'));
    await expect(fetchAuthorizedBlob('https://elsewhere.example/api/v1/uploads/f-1')).rejects.toThrow();
    await expect(fetchAuthorizedBlob('/api/v1x/../other')).rejects.toThrow();
    expect(requests).toHaveLength(0);
  });

  it('sends requests to the chosen server line, and same-origin when that line is this page', async () => {
    saveSession('tok-1', { username: 'demo', id: 'u-1' });
    const requests = serve(() => json(200, {}));
    setServerLine('https://line2.example.com');
    await apiRequest({ path: '/me' });
    await fetchAuthorizedBlob('/api/v1/uploads/f-1');
    expect(requests.map((request) => request.url)).toEqual([
      'https://line2.example.com/api/v1/me',
      'https://line2.example.com/api/v1/uploads/f-1',
    ]);
    // The session goes with it: both lines share one database.
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    setServerLine(window.location.origin);
    await apiRequest({ path: '/me' });
    expect(requests[2]?.url).toBe('http://app.test/api/v1/me');
  });

  it('ignores a stored line that is not a plain http(s) origin', async () => {
    const requests = serve(() => json(200, {}));
    for (const stored of ['javascript:alert(1)', 'https://evil.example/path', 'not a url']) {
      localStorage.setItem(STORAGE_KEYS.serverLine, stored);
      await apiRequest({ path: '/me' });
    }
    expect(requests.every((request) => request.url === 'http://app.test/api/v1/me')).toBe(true);
  });
});
