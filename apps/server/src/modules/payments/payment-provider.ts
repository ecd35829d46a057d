/**
 * A card payment gateway as the deposits service sees it. The flow of every hosted-checkout gateway:
 *   1. createCheckout: the gateway opens a payment for an order and returns the page where the user pays;
 *   2. the user pays (or gives up) on the gateway's page, which then sends them back to `returnUrl`;
 *   3. the gateway calls our webhook with a signed event; verifyWebhook checks the signature and
 *      freshness and returns the event. Replay protection and amount matching are ours (deposits).
 * The built-in sandbox gateway implements it; a real gateway plugs in behind the same interface.
 */
export interface CheckoutRequest {
  /** Our order: the deposit's id (the gateway echoes it back in events via the checkout). */
  orderId: string;
  /** Human reference shown on the gateway's page. */
  orderReference: string;
  amount: number;
  currency: string;
  /** Where the gateway's page sends the user when done (relative to our origin). */
  returnUrl: string;
}

export interface Checkout {
  checkoutId: string;
  /** The gateway's hosted payment page. */
  checkoutUrl: string;
}

export type PaymentEventType = 'payment.succeeded' | 'payment.failed';

export interface PaymentEvent {
  eventId: string;
  type: PaymentEventType;
  checkoutId: string;
  amount: number;
  currency: string;
  /** Unix seconds. */
  occurredAt: number;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  /** Exactly the bytes received: the signature covers them, not a re-serialisation. */
  rawBody: string;
}

export interface PaymentProvider {
  /** Short name, stored with each event and shown by GET /funding/methods. */
  readonly name: string;
  /** True for a gateway whose payments move no real money (the sandbox): pages mark them as tests. */
  readonly testPayments: boolean;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** The event, once its signature and timestamp check out; WEBHOOK_SIGNATURE_INVALID otherwise. */
  verifyWebhook(request: WebhookRequest): PaymentEvent;
}
