import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './lazy-request-logger.ts';

/** An app on a pino that writes into an array, its request loggers made by the lazy factory. */
function appWithLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'info', base: { service: 'tradehall' } }, stream);
  let children = 0;
  const counted = new Proxy(logger, {
    get(target, key, receiver) {
      if (key === 'child') {
        return (...args: Parameters<typeof logger.child>) => {
          children += 1;
          return target.child(...args);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
  const app = Fastify({
    loggerInstance: counted,
    disableRequestLogging: true,
    childLoggerFactory: lazyRequestLogger,
  });
  return { app, lines, childrenMade: () => children };
}

describe('lazyRequestLogger', () => {
  it('makes no child logger for a request that logs nothing', async () => {
    const { app, childrenMade } = appWithLog();
    app.get('/quiet', async () => ({ ok: true }));
    const before = childrenMade();
    for (let i = 0; i < 5; i++) expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(childrenMade() - before).toBe(0);
    await app.close();
  });

  it("writes a request's lines with its reqId, level and bindings, as pino's own child would", async () => {
    const { app, lines } = appWithLog();
    app.get('/loud', async (request) => {
      request.log.info({ step: 1 }, 'first');
      request.log.warn('second');
      request.log.child({ part: 'inner' }).error({ step: 3 }, 'third');
      request.log.debug('not at info');
      return { level: request.log.level };
    });
    const answer = await app.inject('/loud');
    expect(answer.json()).toEqual({ level: 'info' });
    await new Promise((resolve) => setImmediate(resolve));
    const mine = lines.filter((line) => typeof line.reqId === 'string');
    expect(mine.map((line) => [line.msg, line.level])).toEqual([
      ['first', 30],
      ['second', 40],
      ['third', 50],
    ]);
    expect(new Set(mine.map((line) => line.reqId)).size).toBe(1);
    expect(mine[0]).toMatchObject({ service: 'tradehall', step: 1 });
    expect(mine[2]).toMatchObject({ part: 'inner', step: 3 });
    await app.close();
  });
});
