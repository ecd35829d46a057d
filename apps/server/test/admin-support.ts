/**
 * Helpers for the console suites: operator logins (with a TOTP code when enrolled), operators of a given
 * role made through the real admin route, the domain events a test caused, and the audit log as stored.
 */
import { randomBytes } from 'node:crypto';
import type { AuditEntry } from '@tradehall/contracts';
import { totpCodeAt } from '../src/modules/admin-auth/totp.ts';
import type { DomainEvent } from '../src/platform/events.ts';
import { call, captcha, DEMO, type ErrorJson, type JsonResponse, type TestApp } from './harness.ts';

export type LoginAnswer = {
  token: string;
  operator: { id: string; account: string; role: string };
} & ErrorJson;

export async function operatorLogin(
  t: TestApp,
  account: string,
  password: string,
  totpCode?: string,
): Promise<JsonResponse<LoginAnswer>> {
  return call<LoginAnswer>(t, 'POST', '/admin/auth/login', {
    body: { account, password, ...(await captcha(t)), ...(totpCode === undefined ? {} : { totpCode }) },
  });
}

export async function adminToken(t: TestApp): Promise<string> {
  const response = await operatorLogin(t, DEMO.operator.account, DEMO.operator.password);
  if (response.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(response.body)}`);
  return response.body.token;
}

export interface TestOperator {
  id: string;
  account: string;
  password: string;
  token: string;
}

/** A new operator of `role`, created by the demo admin over HTTP, and signed in. */
export async function newOperator(
  t: TestApp,
  admin: string,
  role: 'operator' | 'admin' = 'operator',
): Promise<TestOperator> {
  const account = `op_${randomBytes(4).toString('hex')}`;
  const password = 'operator-pass-1';
  const created = await call<{ id: string }>(t, 'POST', '/admin/operators', {
    token: admin,
    body: { account, password, role },
  });
  if (created.status !== 201) throw new Error(`operator create failed: ${JSON.stringify(created.body)}`);
  const login = await operatorLogin(t, account, password);
  if (login.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(login.body)}`);
  return { id: created.body.id, account, password, token: login.body.token };
}

/** The code an authenticator app shows for `secret` at the test clock's time (plus `stepOffset` steps). */
export function codeFor(t: TestApp, secret: string, stepOffset = 0): string {
  return totpCodeAt(secret, new Date(t.clock.now().getTime() + stepOffset * 30_000));
}

/** Every domain event published from now until `stop()`. */
export function recordEvents(t: TestApp): { events: DomainEvent[]; stop: () => void } {
  const events: DomainEvent[] = [];
  const stop = t.services.events.subscribe((event) => events.push(event));
  return { events, stop };
}

/** The `user` topic events for one user, as (event, data) pairs. */
export function userEvents(events: DomainEvent[], userId: string): Array<{ event: string; data: unknown }> {
  return events.flatMap((entry) =>
    entry.channel === 'topic' && 'userId' in entry.event && entry.event.userId === userId
      ? [{ event: entry.event.event, data: entry.event.data }]
      : [],
  );
}

/** The audit entries about one target, newest first, through the real route. */
export async function auditOf(
  t: TestApp,
  token: string,
  targetType: string,
  targetId: string,
): Promise<AuditEntry[]> {
  const response = await call<{ items: AuditEntry[] }>(
    t,
    'GET',
    `/admin/audit-log?targetType=${targetType}&targetId=${targetId}&limit=100`,
    { token },
  );
  if (response.status !== 200) throw new Error(`audit log failed: ${JSON.stringify(response.body)}`);
  return response.body.items;
}
