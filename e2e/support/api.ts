/**
 * Direct API calls for journeys: log in (reading the captcha answer the server exposes in test mode
 * only), and the set-up steps a journey needs before the part it drives in a browser (a user with a
 * payment password, a bank card, a balance, a pending withdrawal).
 */
import type { EndpointResponse } from '@tradehall/contracts';
import { type ApiClient, createApiClient } from '@tradehall/contracts/client';
import {
  accountEndpoints,
  adminAuthEndpoints,
  adminDepositEndpoints,
  authEndpoints,
  bankCardEndpoints,
  depositEndpoints,
  withdrawalEndpoints,
} from '@tradehall/contracts/endpoints';
import { totpCode } from './console.ts';
import { checkedFetch } from './openapi-watch.ts';

/** A signed-in user's session, as the login endpoint answers it. */
export type ApiSession = EndpointResponse<typeof authEndpoints.login>;

/** A captcha and its answer: read by hand, since the answer comes in a header the client does not return. */
async function captcha(baseUrl: string): Promise<{ captchaId: string; captchaAnswer: string }> {
  const response = await checkedFetch(`${baseUrl}/api/v1${authEndpoints.captcha.path}`);
  const body = authEndpoints.captcha.response.parse(await response.json());
  const captchaAnswer = response.headers.get('x-test-captcha-answer');
  if (!captchaAnswer) throw new Error('the server is not in test mode: no captcha answer header');
  return { captchaId: body.captchaId, captchaAnswer };
}

/** A failed call: the status and the error body, for a journey that expects a refusal. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} -> ${status} ${JSON.stringify(body)}`);
    this.name = 'ApiCallError';
  }
}

/**
 * The contract's client against a journey's server, as a user (or an operator) with `token`: every
 * answer is checked against its declared schema, so a journey also proves the server keeps its contract.
 */
export function apiClient(baseUrl: string, token?: string): ApiClient {
  return createApiClient(
    async ({ method, path, query, body }) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) {
        if (value !== undefined && value !== null) search.append(key, String(value));
      }
      const url = `${baseUrl}/api/v1${path}${search.size > 0 ? `?${search}` : ''}`;
      const response = await checkedFetch(url, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const answer: unknown = text === '' ? undefined : JSON.parse(text);
      if (!response.ok) throw new ApiCallError(response.status, answer, `${method} ${path}`);
      return answer;
    },
    { validate: true },
  );
}

export async function loginUser(baseUrl: string, account: string, password: string): Promise<ApiSession> {
  return apiClient(baseUrl).call(authEndpoints.login, {
    body: { account, password, ...(await captcha(baseUrl)) },
  });
}

export async function loginOperator(
  baseUrl: string,
  account = 'admin',
  password = 'admin12345',
  /** The enrolled two-factor secret, once the operator has one (see totpCode for which step is used). */
  totp?: { secret: string; stepsAhead?: number },
): Promise<string> {
  const result = await apiClient(baseUrl).call(adminAuthEndpoints.login, {
    body: {
      account,
      password,
      ...(await captcha(baseUrl)),
      ...(totp ? { totpCode: totpCode(totp.secret, totp.stepsAhead ?? 0) } : {}),
    },
  });
  return result.token;
}

export async function registerUser(baseUrl: string, account: string, password: string): Promise<void> {
  await apiClient(baseUrl).call(authEndpoints.register, {
    body: { account, password, confirmPassword: password, invitationCode: 'DEMO2026' },
  });
}

/** A random idempotency key, one per money operation. */
export function idempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export async function setPaymentPassword(
  baseUrl: string,
  token: string,
  paymentPassword: string,
): Promise<void> {
  await apiClient(baseUrl, token).call(accountEndpoints.setPaymentPassword, {
    body: { paymentPassword, confirmPaymentPassword: paymentPassword },
  });
}

/** Sets the real name and binds a card in that name; returns the card's id. */
export async function bindBankCard(
  baseUrl: string,
  token: string,
  card: { realName: string; bankName: string; accountNumber: string },
): Promise<string> {
  await apiClient(baseUrl, token).call(accountEndpoints.setRealName, { body: { realName: card.realName } });
  const created = await apiClient(baseUrl, token).call(bankCardEndpoints.create, {
    body: { bankName: card.bankName, accountNumber: card.accountNumber, payee: card.realName },
  });
  return created.id;
}

/** An offline deposit as the user, approved by the operator: the user's balance grows by `amount` cents. */
export async function fundUser(
  baseUrl: string,
  token: string,
  operator: string,
  amount: number,
): Promise<void> {
  const deposit = await apiClient(baseUrl, token).call(depositEndpoints.create, {
    body: { method: 'offline', amount, depositorName: 'Eve Payer', idempotencyKey: idempotencyKey() },
  });
  await apiClient(baseUrl, operator).call(adminDepositEndpoints.approve, { params: { id: deposit.id } });
}

/** A pending withdrawal to a bound bank card; returns its id and reference. */
export async function requestWithdrawal(
  baseUrl: string,
  token: string,
  input: { amount: number; cardId: string; paymentPassword: string },
): Promise<{ id: string; reference: string }> {
  return apiClient(baseUrl, token).call(withdrawalEndpoints.create, {
    body: {
      amount: input.amount,
      destinationType: 'bank_card',
      destinationId: input.cardId,
      paymentPassword: input.paymentPassword,
      idempotencyKey: idempotencyKey(),
    },
  });
}
