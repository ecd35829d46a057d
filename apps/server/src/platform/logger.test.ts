import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { accessLog } from './logger.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('accessLog', () => {
  it('keeps every error and slow answer and one in N of the rest', async () => {
    const { logger, lines } = capture();
    const log = accessLog({ sampleEvery: 10, slowMs: 500 });
    for (let i = 0; i < 100; i++) log(logger, { method: 'GET', url: '/api/v1/health', status: 200, ms: 1 });
    log(logger, { method: 'GET', url: '/api/v1/me', status: 401, ms: 1 });
    log(logger, { method: 'GET', url: '/api/v1/me', status: 503, ms: 1 });
    log(logger, { method: 'GET', url: '/api/v1/rooms', status: 200, ms: 900 });
    await new Promise((resolve) => setImmediate(resolve));
    const sampled = lines.filter((line) => line.sampled === 10);
    expect(sampled).toHaveLength(10);
    expect(lines.filter((line) => line.status === 401)).toHaveLength(1);
    expect(lines.find((line) => line.status === 503)?.level).toBe(40);
    expect(lines.filter((line) => line.ms === 900)).toHaveLength(1);
  });

  it('logs every answer with sampleEvery 1', async () => {
    const { logger, lines } = capture();
    const log = accessLog({ sampleEvery: 1, slowMs: 500 });
    for (let i = 0; i < 5; i++) log(logger, { method: 'GET', url: '/x', status: 200, ms: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(5);
  });
});
