/**
 * Test support: the API replaced at the network boundary (fetch), answering per "METHOD /path" with real
 * Responses and recording every call, and a page rendered in a memory router with a fresh query client.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeHandler = (call: FakeCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, message: string, extra: object = {}) =>
  json(status, { error: { code, message, ...extra } });

/** Answers `routes["GET /me"]` etc.; anything else is a 404. Returns the calls made, in order. */
export function fakeApi(routes: Record<string, FakeHandler>): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://app.test');
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      const call = { method, path, query: url.searchParams, body };
      calls.push(call);
      const handler = routes[`${method} ${path}`];
      return handler ? handler(call) : apiError(404, 'NOT_FOUND', 'Not found');
    }),
  );
  return calls;
}

/** Renders `Page` at `path`, with stand-ins for the pages it may go to (each shows its path). */
export function renderPage(Page: ComponentType, path: string, pattern: string = path.split('?')[0] ?? path) {
  const router = createMemoryRouter(
    [
      { path: pattern, Component: Page },
      { path: '*', Component: () => <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

export const FUNDING_METHODS = {
  currency: 'USD',
  bankAccounts: [{ id: 'bank-1', bankName: 'HSBC', accountNumber: '1234567890', payee: 'Tradehall Ltd' }],
  cryptoNetworks: [
    { network: 'USDT-TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    { network: 'USDT-ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
  ],
  cardPayment: { available: true, provider: 'sandbox', testPayments: true },
  minimumDeposit: 1000,
  maximumDeposit: 100_000_000,
  minimumWithdrawal: 2000,
  maximumWithdrawal: 5_000_000,
  withdrawalsPerDay: 5,
};

export const ME = {
  id: '7d0c1a52-5f44-4a8e-8d52-2f1f7c6f0a11',
  account: 'demo',
  nickname: 'Demo Trader',
  realName: 'Li Wei',
  email: null,
  creditScore: 100,
  invitationCode: 'DEMO2024',
  currency: 'USD',
  balance: 123456,
  withdrawable: 100050,
  unprocessedCount: 0,
  hasPaymentPassword: true,
  createdAt: 1_700_000_000,
};
