/**
 * The sandbox gateway's hosted side: the checkout page's Pay and Cancel. Like a real gateway it settles
 * the checkout once, then tells the merchant by a signed webhook over real HTTP, retrying a failed
 * delivery a few times. Test cards: 4000 0000 0000 0002 is declined; any other number passing the Luhn
 * check is paid.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Clock, toUnixSeconds } from '../../../platform/clock.ts';
import type { DB, PaymentCheckoutRow } from '../../../platform/db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { PaymentEvent } from '../payment-provider.ts';
import type { SandboxCheckoutsRepository } from './sandbox-checkouts.repository.ts';
import { SIGNATURE_HEADER, signatureHeader } from './sandbox-signature.ts';

export const WEBHOOK_PATH = '/api/v1/payments/sandbox/webhook';
export const DECLINED_TEST_CARD = '4000000000000002';
const DELIVERY_ATTEMPTS = 3;
const DELIVERY_TIMEOUT_MS = 10_000;

export interface CheckoutOutcome {
  status: PaymentCheckoutRow['status'];
  returnUrl: string;
  /** Whether the merchant acknowledged the webhook. */
  delivered: boolean;
}

/** The sandbox gateway's checkouts and the secret it signs its webhooks with. */
export interface SandboxGatewayDeps {
  db: Kysely<DB>;
  checkouts: SandboxCheckoutsRepository;
  secret: string;
  clock: Clock;
  logger: Logger;
}

export class SandboxGateway {
  constructor(private readonly deps: SandboxGatewayDeps) {}

  async checkout(id: string): Promise<PaymentCheckoutRow> {
    const row = await this.deps.checkouts.find(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** `origin` is where the merchant (this server) is reached, e.g. http://127.0.0.1:3000. */
  async pay(id: string, cardNumber: string, origin: string | null): Promise<CheckoutOutcome> {
    const digits = cardNumber.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
      throw new AppError('VALIDATION_FAILED', {
        details: [{ path: 'cardNumber', key: 'validation.invalidValue' }],
      });
    }
    return this.finish(id, digits === DECLINED_TEST_CARD ? 'failed' : 'paid', origin);
  }

  cancel(id: string, origin: string | null): Promise<CheckoutOutcome> {
    return this.finish(id, 'cancelled', origin);
  }

  private async finish(
    id: string,
    status: 'paid' | 'failed' | 'cancelled',
    origin: string | null,
  ): Promise<CheckoutOutcome> {
    const now = this.deps.clock.now();
    const completed = await this.deps.checkouts.complete(this.deps.db, id, status, now);
    if (!completed) {
      // Already settled (a double click, a second tab): answer how it ended, send nothing again.
      const row = await this.checkout(id);
      return { status: row.status, returnUrl: row.return_url, delivered: row.delivered_at !== null };
    }
    const event: PaymentEvent = {
      eventId: `evt_${randomBytes(16).toString('base64url')}`,
      type: status === 'paid' ? 'payment.succeeded' : 'payment.failed',
      checkoutId: completed.id,
      amount: completed.amount,
      currency: completed.currency,
      occurredAt: toUnixSeconds(now),
    };
    const delivered = origin !== null && (await this.deliver(event, origin));
    if (delivered) await this.deps.checkouts.markDelivered(this.deps.db, id, this.deps.clock.now());
    else this.deps.logger.error({ checkoutId: id, eventId: event.eventId }, 'sandbox webhook not delivered');
    return { status, returnUrl: completed.return_url, delivered };
  }

  /** POSTs the signed event; retries network errors and 5xx. A 409 means it was already processed. */
  private async deliver(event: PaymentEvent, origin: string): Promise<boolean> {
    const body = JSON.stringify(event);
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt += 1) {
      try {
        const response = await fetch(`${origin}${WEBHOOK_PATH}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signatureHeader(this.deps.secret, toUnixSeconds(this.deps.clock.now()), body),
          },
          body,
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        if (response.ok || response.status === 409) return true;
        if (response.status < 500) {
          this.deps.logger.warn(
            { eventId: event.eventId, status: response.status },
            'sandbox webhook refused',
          );
          return false;
        }
      } catch (error) {
        this.deps.logger.warn(
          { err: error, eventId: event.eventId, attempt },
          'sandbox webhook delivery failed',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
    return false;
  }
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
