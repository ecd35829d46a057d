/**
 * POST /payments/<provider>/webhook: the gateway's signed event. The body is read raw (a scoped parser)
 * because the signature covers the exact bytes; the provider verifies signature and freshness, the
 * deposits service refuses replays and amount mismatches and decides the deposit once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http.ts';
import type { PaymentEvent, PaymentProvider } from './payment-provider.ts';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

export function paymentWebhookRoutes(deps: {
  provider: PaymentProvider;
  /** Who acts on a verified event (the deposits); answers what it did, for the gateway's log. */
  deposits: { handlePaymentEvent(provider: string, event: PaymentEvent): Promise<string> };
  /** The event's shape, for the documentation only: the body is verified before it is parsed. */
  eventSchema: z.ZodType;
}): FastifyPluginAsyncZod {
  const { provider, deposits } = deps;
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, typeof body === 'string' ? body : body.toString('utf8')),
    );

    app.post(
      `/payments/${provider.name}/webhook`,
      {
        schema: {
          tags: ['payments'],
          summary: `Webhook of the ${provider.name} card gateway (signed; replayed events are refused)`,
          body: deps.eventSchema,
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            ...errorResponses,
          },
        },
        // The schema documents the event; the raw text must reach the handler untouched for the
        // signature check, after which the provider parses it with the same schema.
        validatorCompiler: () => (data) => ({ value: data }),
      },
      async (request) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const event = provider.verifyWebhook({ headers: request.headers, rawBody });
        const outcome = await deposits.handlePaymentEvent(provider.name, event);
        return { received: true as const, outcome };
      },
    );
  };
}
