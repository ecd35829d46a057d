import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, registerCompression } from './compression.ts';
import { SerialisedAnswer, sendSerialised } from './serialised-answer.ts';

const large = new SerialisedAnswer(JSON.stringify({ items: Array.from({ length: 400 }, (_, i) => ({ i })) }));
const small = new SerialisedAnswer(JSON.stringify({ ok: true }));

describe('SerialisedAnswer', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerCompression(app);
    app.get('/large', (request, reply) => sendSerialised(request, reply, large));
    app.get('/small', (request, reply) => sendSerialised(request, reply, small));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('compresses its body once per encoding, however many ask at once', async () => {
    expect(large.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const asked = Array.from({ length: 10 }, () => large.encoded('br'));
    expect(new Set(asked).size).toBe(1);
    expect(large.encoded('gzip')).not.toBe(asked[0]);
    expect(brotliDecompressSync(await (asked[0] as Promise<Buffer>))).toEqual(large.body);
  });

  it('sends the same bytes as JSON, in the encoding the client accepts, small answers as they are', async () => {
    const plain = await app.inject({ url: '/large' });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(large.body);
    const br = await app.inject({ url: '/large', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload)).toEqual(large.body);
    const gzip = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload)).toEqual(large.body);
    const tiny = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.body)).toEqual({ ok: true });
  });
});
