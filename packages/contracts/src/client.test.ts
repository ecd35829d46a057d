import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContractViolationError, createApiClient, type TransportRequest } from './client.ts';
import { endpoint, endpointErrors, fillPath } from './endpoint.ts';

const getThing = endpoint({
  method: 'GET',
  path: '/things/:id',
  access: 'user',
  tags: ['test'],
  summary: 'one thing',
  params: z.strictObject({ id: z.string() }),
  status: 200,
  response: z.object({ id: z.string(), amount: z.number().int() }),
  errors: ['NOT_PENDING'],
});
const health = endpoint({
  method: 'GET',
  path: '/health',
  access: 'public',
  tags: ['test'],
  summary: 'alive',
  status: 200,
  response: z.object({ ok: z.literal(true) }),
  errors: [],
});

describe('fillPath', () => {
  it('puts each parameter in its place, URL-encoded', () => {
    expect(fillPath('/rooms/:roomId/rounds/:no', { roomId: 'a b/c', no: 7 })).toBe(
      '/rooms/a%20b%2Fc/rounds/7',
    );
  });
  it('refuses a missing parameter rather than calling a wrong URL', () => {
    expect(() => fillPath('/things/:id', {})).toThrow(/"id" missing/);
    expect(() => fillPath('/things/:id', undefined)).toThrow(/"id" missing/);
  });
  it('leaves a path without parameters as it is', () => {
    expect(fillPath('/health', undefined)).toBe('/health');
  });
});

describe('endpointErrors', () => {
  it('adds to the declared codes those any endpoint, its input and its access can answer', () => {
    const codes = endpointErrors(getThing);
    for (const code of [
      'NOT_PENDING',
      'RATE_LIMITED',
      'SERVICE_UNAVAILABLE',
      'VALIDATION_FAILED',
      'UNAUTHENTICATED',
    ]) {
      expect(codes.has(code as never)).toBe(true);
    }
    expect(codes.has('INSUFFICIENT_FUNDS')).toBe(false);
    expect(codes.has('TOTP_REQUIRED')).toBe(false);
  });
  it('gives a public endpoint without input no session or input codes', () => {
    const codes = endpointErrors(health);
    expect(codes.has('UNAUTHENTICATED')).toBe(false);
    expect(codes.has('VALIDATION_FAILED')).toBe(false);
  });
  it('lets an operator endpoint answer the second-factor codes', () => {
    expect(endpointErrors({ ...health, access: 'operator' }).has('TWO_FACTOR_REQUIRED')).toBe(true);
  });
  it('gives an endpoint for users or operators the session codes, not the second-factor ones', () => {
    const codes = endpointErrors({ ...health, access: 'user-or-operator' });
    expect(codes.has('UNAUTHENTICATED')).toBe(true);
    expect(codes.has('TWO_FACTOR_REQUIRED')).toBe(false);
  });
});

describe('createApiClient', () => {
  const recorded: TransportRequest[] = [];
  const transportAnswering = (answer: unknown) => async (request: TransportRequest) => {
    recorded.push(request);
    return answer;
  };

  it('sends the declared method and the filled path', async () => {
    recorded.length = 0;
    const client = createApiClient(transportAnswering({ id: 'x', amount: 5 }), { validate: true });
    await expect(client.call(getThing, { params: { id: 'x' } })).resolves.toEqual({ id: 'x', amount: 5 });
    expect(recorded).toEqual([{ method: 'GET', path: '/things/x' }]);
  });

  it('refuses an answer outside the declared schema when validating', async () => {
    const client = createApiClient(transportAnswering({ id: 'x', amount: 1.5 }), { validate: true });
    const failure = client.call(getThing, { params: { id: 'x' } });
    await expect(failure).rejects.toBeInstanceOf(ContractViolationError);
    await expect(failure).rejects.toThrow(/GET \/things\/:id answered outside its contract: amount/);
  });

  it('passes the answer through untouched when not validating (production)', async () => {
    const client = createApiClient(transportAnswering({ id: 'x', amount: 1.5 }), { validate: false });
    await expect(client.call(getThing, { params: { id: 'x' } })).resolves.toEqual({ id: 'x', amount: 1.5 });
  });
});
