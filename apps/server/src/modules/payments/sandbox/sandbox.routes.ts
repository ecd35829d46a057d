/**
 * The sandbox gateway's public pages, served by this server under /payments/sandbox: the hosted
 * checkout page and its Pay / Cancel actions. No bearer token: like a real gateway's page, the
 * unguessable checkout id is the capability.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../platform/http.ts';
import { checkoutPageCsp, renderCheckoutPage } from './checkout-page.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';
import { CHECKOUT_ID } from './sandbox-provider.ts';

const params = z.strictObject({ checkoutId: z.string().regex(CHECKOUT_ID) });
const outcomeSchema = z.object({
  status: z.enum(['open', 'paid', 'failed', 'cancelled']),
  returnUrl: z.string(),
  delivered: z.boolean(),
});

export function sandboxGatewayRoutes(deps: {
  gateway: SandboxGateway;
  publicUrl: string | null;
}): FastifyPluginAsyncZod {
  const { gateway } = deps;
  const tags = ['sandbox gateway'];
  return async (app) => {
    app.get(
      '/payments/sandbox/checkout/:checkoutId',
      {
        schema: {
          tags,
          summary: "The sandbox gateway's hosted payment page (HTML)",
          params,
          response: {
            200: { description: 'The payment page', content: { 'text/html': { schema: z.string() } } },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const checkout = await gateway.checkout(request.params.checkoutId);
        const nonce = randomBytes(16).toString('base64');
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', checkoutPageCsp(nonce))
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .header('x-frame-options', 'DENY')
          .send(renderCheckoutPage(checkout, nonce));
      },
    );

    app.post(
      '/payments/sandbox/checkout/:checkoutId/pay',
      {
        schema: {
          tags,
          summary: 'Pay on the sandbox page; the gateway then calls the webhook with a signed event',
          params,
          body: z.strictObject({ cardNumber: z.string().max(40) }),
          response: { 200: outcomeSchema, ...errorResponses },
        },
      },
      async (request) =>
        gateway.pay(
          request.params.checkoutId,
          request.body.cardNumber,
          merchantOrigin(request, deps.publicUrl),
        ),
    );

    app.post(
      '/payments/sandbox/checkout/:checkoutId/cancel',
      {
        schema: {
          tags,
          summary: 'Give up on the sandbox page; the gateway reports payment.failed',
          params,
          body: z.strictObject({}).optional(),
          response: { 200: outcomeSchema, ...errorResponses },
        },
      },
      async (request) => gateway.cancel(request.params.checkoutId, merchantOrigin(request, deps.publicUrl)),
    );
  };
}

/**
 * Where the gateway reaches the merchant: the very socket this request came in on (this server, on
 * whatever address and port it listens), so the Host header — which the client controls — never
 * chooses where a signed event is sent. Without a socket (in-process test requests), PUBLIC_URL.
 */
export function merchantOrigin(request: FastifyRequest, publicUrl: string | null): string | null {
  const { localAddress, localPort } = request.raw.socket ?? {};
  if (localAddress && localPort) {
    const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
    return `http://${host}:${localPort}`;
  }
  return publicUrl;
}
