/**
 * Fetches drand beacon values over drand's HTTP API (`GET {url}/{chainHash}/public/{round}`), from each
 * configured mirror in turn, and keeps only values whose BLS signature verifies under the configured
 * public key for exactly the round asked: a mirror cannot choose, forge or substitute a value, it can
 * only be late. Verified values are cached by round (every room sealing in the same period shares one).
 *
 * A fetch runs in the background and the round engine waits for it only briefly per tick, so a slow or
 * unreachable network never stalls the scheduler; the engine voids the round if nothing verified
 * arrives before its deadline.
 */
import {
  type BeaconNetwork,
  type BeaconValue,
  beaconRoundTime,
  firstBeaconRoundAtOrAfter,
  verifyBeacon,
} from '@tradehall/domain';
import type { Logger } from '../../platform/logger.ts';

export interface BeaconClientOptions extends BeaconNetwork {
  kind: 'drand' | 'local';
  urls: readonly string[];
  /** Per-mirror request timeout. */
  requestTimeoutMs?: number;
}

/** What a round records when it opens: the network and the round it must draw with. */
export interface PlannedBeaconRound extends BeaconNetwork {
  kind: 'drand' | 'local';
  round: number;
}

const CACHE_LIMIT = 256;
/** A failed fetch is not retried for this long (the engine asks every tick). */
const RETRY_MS = 1_000;

export class BeaconClient {
  readonly #cache = new Map<number, BeaconValue>();
  readonly #inFlight = new Map<number, Promise<BeaconValue | null>>();
  readonly #failedAt = new Map<number, number>();

  constructor(
    readonly options: BeaconClientOptions,
    private readonly logger: Logger,
  ) {}

  get kind(): 'drand' | 'local' {
    return this.options.kind;
  }

  /** The beacon round a round sealing at `sealsAtSeconds` must use: the first emitted at or after it. */
  plan(sealsAtSeconds: number): PlannedBeaconRound {
    const { kind, chainHash, publicKey, genesis, period } = this.options;
    return {
      kind,
      chainHash,
      publicKey,
      genesis,
      period,
      round: firstBeaconRoundAtOrAfter(this.options, sealsAtSeconds),
    };
  }

  /** Unix seconds at which `round` is due. */
  roundTime(round: number): number {
    return beaconRoundTime(this.options, round);
  }

  /**
   * The verified value of `round` on this client's network, waiting at most `waitMs` for a fetch in
   * flight; null when none is verified yet (or `chainHash` names another network).
   */
  async get(round: number, chainHash: string, waitMs: number): Promise<BeaconValue | null> {
    if (chainHash !== this.options.chainHash) return null;
    const cached = this.#cache.get(round);
    if (cached) return cached;
    let pending = this.#inFlight.get(round);
    if (!pending) {
      const failedAt = this.#failedAt.get(round);
      if (failedAt !== undefined && Date.now() - failedAt < RETRY_MS) return null;
      pending = this.fetchVerified(round)
        .catch((error: unknown) => {
          this.logger.warn({ err: error, round }, 'beacon fetch failed');
          return null;
        })
        .then((value) => {
          this.#inFlight.delete(round);
          if (value) this.remember(value);
          else this.#failedAt.set(round, Date.now());
          return value;
        });
      this.#inFlight.set(round, pending);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    try {
      return await Promise.race([pending, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Each mirror in turn; the first verified answer wins. */
  private async fetchVerified(round: number): Promise<BeaconValue | null> {
    for (const url of this.options.urls) {
      const value = await this.fetchFrom(url, round).catch((error: unknown) => {
        this.logger.debug({ err: error, url, round }, 'beacon mirror failed');
        return null;
      });
      if (value) return value;
    }
    return null;
  }

  private async fetchFrom(url: string, round: number): Promise<BeaconValue | null> {
    const response = await fetch(`${url}/${this.options.chainHash}/public/${round}`, {
      signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 2_000),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { round?: unknown; signature?: unknown; randomness?: unknown };
    if (body.round !== round || typeof body.signature !== 'string' || typeof body.randomness !== 'string') {
      this.logger.warn({ url, asked: round, answered: body.round }, 'beacon mirror answered another round');
      return null;
    }
    const value: BeaconValue = {
      round,
      signature: body.signature.toLowerCase(),
      randomness: body.randomness.toLowerCase(),
    };
    if (!verifyBeacon(value, this.options.publicKey)) {
      this.logger.error({ url, round }, 'beacon value REFUSED: its signature does not verify');
      return null;
    }
    return value;
  }

  private remember(value: BeaconValue): void {
    this.#cache.set(value.round, value);
    this.#failedAt.delete(value.round);
    while (this.#cache.size > CACHE_LIMIT) {
      const oldest = this.#cache.keys().next().value;
      if (oldest === undefined) break;
      this.#cache.delete(oldest);
    }
  }
}
