/**
 * Idempotency keys for money requests (DESIGN §5). A submission gets a key when the user starts it and
 * keeps it for every retry of that same submission (a network error or a timeout may hide a request the
 * server did carry out: the retry with the same key then returns that first result instead of paying
 * twice). A fresh key comes only after a success or once the user edits the form; a changed request
 * also gets a fresh key by itself, because the server refuses a key reused with different details.
 */
import { useRef } from 'react';

const KEY_BYTES = 16;

/**
 * 32 lowercase hex characters (128 random bits), inside the contract's 16-64 `[A-Za-z0-9_-]`.
 * getRandomValues rather than randomUUID: the latter exists only in secure contexts (HTTPS/localhost),
 * and the app may be opened over plain HTTP on a local network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class IdempotencyKeeper {
  private key: string | null = null;
  private fingerprint: string | null = null;

  constructor(private readonly generate: () => string = newIdempotencyKey) {}

  /** The key to send with `request`: the previous attempt's while it is the same request, else a new one. */
  keyFor(request: unknown): string {
    const fingerprint = JSON.stringify(request);
    if (this.key === null || fingerprint !== this.fingerprint) {
      this.key = this.generate();
      this.fingerprint = fingerprint;
    }
    return this.key;
  }

  /** The submission went through: the next one is a new operation. */
  succeeded(): void {
    this.reset();
  }

  /** The user changed the form: what they submit next is a new request. */
  edited(): void {
    this.reset();
  }

  private reset(): void {
    this.key = null;
    this.fingerprint = null;
  }
}

/** One keeper per form, kept across renders. */
export function useIdempotencyKeeper(): IdempotencyKeeper {
  const keeper = useRef<IdempotencyKeeper | null>(null);
  if (keeper.current === null) keeper.current = new IdempotencyKeeper();
  return keeper.current;
}
