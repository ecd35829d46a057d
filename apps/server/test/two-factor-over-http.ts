/**
 * Turns two-factor on for a signed-in operator of a server process (money decisions need it), as an
 * authenticator app would: enrol, then confirm with the current code. For suites that drive real server
 * processes over HTTP; in-process suites use money.ts operatorToken.
 */
import { totpCodeAt } from '../src/modules/admin-auth/totp.ts';

export async function enrolTwoFactorOverHttp(api: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const enrolment = await fetch(`${api}/admin/auth/totp/enrol`, { method: 'POST', headers, body: '{}' });
  if (!enrolment.ok) throw new Error(`enrolment failed: ${enrolment.status} ${await enrolment.text()}`);
  const { secret } = (await enrolment.json()) as { secret: string };
  const confirmed = await fetch(`${api}/admin/auth/totp/confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code: totpCodeAt(secret, new Date()) }),
  });
  if (!confirmed.ok) throw new Error(`confirmation failed: ${confirmed.status} ${await confirmed.text()}`);
}
