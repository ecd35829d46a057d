/** Receipt uploads: images only (by their bytes), 5 MB at most, served to the owner and operators. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, countRows, createTestApp, DRIVERS, type TestApp } from '../../../test/harness.ts';
import {
  type MoneyUser,
  multipartBody,
  operatorToken,
  PNG_BYTES,
  quickUser,
  upload,
} from '../../../test/money.ts';
import { sniffImageType } from './image-type.ts';
import { COMMON_UPLOAD_PATHS } from './uploads.routes.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(PNG_BYTES)).toBe('image/png');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe.each(DRIVERS)('uploads on %s', (driver) => {
  let t: TestApp;
  let user: MoneyUser;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    user = await quickUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores PNG, JPEG and WebP at both upload paths and serves them to their owner', async () => {
    for (const [bytes, type] of [
      [PNG_BYTES, 'image/png'],
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      const stored = await upload(t, user.token, bytes);
      expect(stored.status).toBe(201);
      expect(stored.body).toEqual({
        id: expect.any(String),
        url: `/api/v1/uploads/${stored.body.id}`,
        contentType: type,
        size: bytes.length,
      });
      const served = await t.app.inject({
        method: 'GET',
        url: stored.body.url as string,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('no-store');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    // Just under the 5 MB limit: far above the JSON body limit, which does not apply to uploads.
    const large = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024 - PNG_BYTES.length)]);
    const stored = await upload(t, user.token, large);
    expect(stored.status).toBe(201);
    expect(stored.body.size).toBe(5 * 1024 * 1024);
  });

  it.each(COMMON_UPLOAD_PATHS)('takes the same upload, with the same checks, at %s', async (path) => {
    const common = await upload(t, user.token, PNG_BYTES, path);
    expect(common.status).toBe(201);
    expect(common.body.contentType).toBe('image/png');
    expect((await upload(t, '', PNG_BYTES, path)).status).toBe(401);
    const notImage = await upload(t, user.token, Buffer.from('plain text, not an image'), path);
    expect(notImage.body).toMatchObject({ error: { code: 'UPLOAD_INVALID' } });
    const tooBig = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(t, user.token, tooBig, path)).body).toMatchObject({
      error: { code: 'UPLOAD_INVALID' },
    });
  });

  it('serves an upload to any operator, to nobody else', async () => {
    const stored = await upload(t, user.token);
    const operator = await operatorToken(t);
    const get = (token?: string) =>
      t.app.inject({
        method: 'GET',
        url: `${API}/uploads/${stored.body.id}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await get(operator)).statusCode).toBe(200);
    const other = await quickUser(t);
    const foreign = await get(other.token);
    expect(foreign.statusCode).toBe(404);
    expect(JSON.parse(foreign.body).error.code).toBe('NOT_FOUND');
    expect((await get()).statusCode).toBe(401);
    expect((await get(user.token)).statusCode).toBe(200);
  });

  it('refuses what is not a small image, and stores nothing', async () => {
    const before = await countRows(t, 'uploads');
    const send = async (
      payload: Buffer | string,
      headers: Record<string, string>,
      token: string | null = user.token,
    ) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/uploads`,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload,
      });
      return {
        status: response.statusCode,
        code: JSON.parse(response.body).error?.code as string | undefined,
      };
    };
    const script = multipartBody(Buffer.from('#!/bin/sh\necho hi\n'), {
      filename: 'x.png',
      contentType: 'image/png',
    });
    expect(await send(script.payload, script.headers)).toEqual({ status: 400, code: 'UPLOAD_INVALID' });
    const huge = multipartBody(Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]));
    expect(await send(huge.payload, huge.headers)).toEqual({ status: 400, code: 'UPLOAD_INVALID' });
    const wrongField = multipartBody(PNG_BYTES, { field: 'image' });
    expect(await send(wrongField.payload, wrongField.headers)).toEqual({
      status: 400,
      code: 'UPLOAD_INVALID',
    });
    const json = await send('{"file":"x"}', { 'content-type': 'application/json' });
    expect(json).toEqual({ status: 400, code: 'UPLOAD_INVALID' });
    const anonymous = multipartBody(PNG_BYTES);
    expect(await send(anonymous.payload, anonymous.headers, null)).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(await countRows(t, 'uploads')).toBe(before);
  });
});
