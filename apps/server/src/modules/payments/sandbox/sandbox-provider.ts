/**
 * Our side of the sandbox gateway, behind the PaymentProvider interface: open a checkout, verify a
 * webhook. Swapping in a real gateway means another implementation of the same two methods.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type Clock, toUnixSeconds } from '../../../platform/clock.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { issuesToDetails } from '../../../platform/validation.ts';
import type {
  Checkout,
  CheckoutRequest,
  PaymentEvent,
  PaymentProvider,
  WebhookRequest,
} from '../payment-provider.ts';
import type { SandboxCheckoutsRepository } from './sandbox-checkouts.repository.ts';
import { SIGNATURE_HEADER, verifySignature } from './sandbox-signature.ts';

export const SANDBOX_PROVIDER = 'sandbox';
/** The merchant name the hosted page shows. */
export const SANDBOX_MERCHANT = 'Tradehall';
export const CHECKOUT_ID = /^cs_[A-Za-z0-9_-]{22}$/;

export function sandboxCheckoutPath(checkoutId: string): string {
  return `/api/v1/payments/sandbox/checkout/${checkoutId}`;
}

/** The gateway's event as it travels in the webhook body. */
export const sandboxEventSchema = z.strictObject({
  eventId: z.string().min(1).max(100),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  checkoutId: z.string().min(1).max(100),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  currency: z.string().length(3),
  occurredAt: z.number().int().nonnegative(),
});

/** The sandbox provider's checkouts, its webhook signing secret and how old a signed event may be. */
export interface SandboxPaymentProviderDeps {
  db: Kysely<DB>;
  checkouts: SandboxCheckoutsRepository;
  secret: string;
  toleranceSeconds: number;
  clock: Clock;
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = SANDBOX_PROVIDER;
  readonly testPayments = true;

  constructor(private readonly deps: SandboxPaymentProviderDeps) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const checkoutId = `cs_${randomBytes(16).toString('base64url')}`;
    await this.deps.checkouts.insert(this.deps.db, {
      id: checkoutId,
      provider: SANDBOX_PROVIDER,
      merchant: SANDBOX_MERCHANT,
      orderReference: request.orderReference,
      amount: request.amount,
      currency: request.currency,
      returnUrl: request.returnUrl,
      at: this.deps.clock.now(),
    });
    return { checkoutId, checkoutUrl: sandboxCheckoutPath(checkoutId) };
  }

  verifyWebhook(request: WebhookRequest): PaymentEvent {
    const header = request.headers[SIGNATURE_HEADER];
    const valid = verifySignature({
      secret: this.deps.secret,
      header: typeof header === 'string' ? header : undefined,
      rawBody: request.rawBody,
      nowSeconds: toUnixSeconds(this.deps.clock.now()),
      toleranceSeconds: this.deps.toleranceSeconds,
    });
    if (!valid) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    let json: unknown;
    try {
      json = JSON.parse(request.rawBody);
    } catch (error) {
      throw new AppError('MALFORMED_JSON', { cause: error });
    }
    const parsed = sandboxEventSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('VALIDATION_FAILED', { details: issuesToDetails(parsed.error.issues) });
    }
    return parsed.data;
  }
}
