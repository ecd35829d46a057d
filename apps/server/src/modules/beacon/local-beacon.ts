/**
 * A local randomness beacon speaking drand's HTTP API (`/{chainHash}/info`, `/{chainHash}/public/latest`,
 * `/{chainHash}/public/{round}`) with real BLS signatures (bls-unchained-g1-rfc9380, @noble/curves) under
 * a key it generates at start. It lets the demo run offline and the tests run for real. It proves
 * nothing to users — whoever runs it holds the key and could compute every value — which is why the
 * room and the verification page call it "local beacon — for testing".
 *
 * Like drand it never answers a round before that round's time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type BeaconNetwork,
  type BeaconValue,
  beaconKeyFrom,
  beaconRoundTime,
  generateBeaconKey,
  sha256,
  signBeaconRound,
  toHex,
  utf8,
} from '@tradehall/domain';

export interface LocalBeaconOptions {
  /** The clock deciding which rounds exist (unix ms). */
  now?: () => number;
  genesis?: number;
  period?: number;
  /** Test only: answer a different round than asked (a misbehaving mirror). */
  answerRound?: (asked: number) => number;
  /**
   * A secret key kept from an earlier start (see local-beacon-key.ts), so rounds planned before a
   * restart can still be drawn; a fresh key when absent.
   */
  secretKey?: Uint8Array;
  /** The kept secret key's public key, when kept with it (saves deriving it at every start). */
  publicKey?: string;
}

/** Fixed so rounds planned before a restart keep their numbering (and, with a kept key, their values). */
export const LOCAL_BEACON_GENESIS = 1_700_000_000;
export const LOCAL_BEACON_PERIOD = 1;

export class LocalBeacon {
  readonly network: BeaconNetwork;
  readonly #secretKey: Uint8Array;
  readonly #now: () => number;
  readonly #answerRound: (asked: number) => number;
  #server: Server | null = null;
  #url: string | null = null;

  constructor(options: LocalBeaconOptions = {}) {
    const { secretKey, publicKey } = options;
    const key = secretKey
      ? publicKey
        ? { secretKey, publicKey }
        : beaconKeyFrom(secretKey)
      : generateBeaconKey();
    this.#secretKey = key.secretKey;
    this.#now = options.now ?? Date.now;
    this.#answerRound = options.answerRound ?? ((asked) => asked);
    const genesis = options.genesis ?? LOCAL_BEACON_GENESIS;
    const period = options.period ?? LOCAL_BEACON_PERIOD;
    const info = JSON.stringify({
      public_key: key.publicKey,
      period,
      genesis_time: genesis,
      scheme: 'local',
    });
    this.network = { chainHash: toHex(sha256(utf8(info))), publicKey: key.publicKey, genesis, period };
  }

  get url(): string {
    if (!this.#url) throw new Error('the local beacon is not started');
    return this.#url;
  }

  /** The latest round emitted by now (0 before genesis). */
  latestRound(): number {
    const seconds = Math.floor(this.#now() / 1000);
    if (seconds < this.network.genesis) return 0;
    return Math.floor((seconds - this.network.genesis) / this.network.period) + 1;
  }

  value(round: number): BeaconValue {
    return signBeaconRound(this.#secretKey, round);
  }

  async start(host = '127.0.0.1'): Promise<string> {
    const server = createServer((request, response) => {
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        response.end(JSON.stringify(body));
      };
      const path = (request.url ?? '').split('?')[0] ?? '';
      const match = /^\/([0-9a-f]{64})\/(info|public\/(latest|\d{1,12}))$/.exec(path);
      if (request.method !== 'GET' || !match || match[1] !== this.network.chainHash) {
        return reply(404, { error: 'not found' });
      }
      if (match[2] === 'info') {
        return reply(200, {
          public_key: this.network.publicKey,
          period: this.network.period,
          genesis_time: this.network.genesis,
          hash: this.network.chainHash,
          schemeID: 'bls-unchained-g1-rfc9380',
          metadata: { beaconID: 'tradehall-local-test-beacon' },
        });
      }
      const latest = this.latestRound();
      const asked = match[3] === 'latest' ? latest : Number(match[3]);
      if (asked < 1 || asked > latest) return reply(404, { error: 'round not emitted yet' });
      const value = this.value(this.#answerRound(asked));
      return reply(200, { round: value.round, randomness: value.randomness, signature: value.signature });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => resolve());
    });
    this.#server = server;
    const { port } = server.address() as AddressInfo;
    this.#url = `http://${host}:${port}`;
    return this.#url;
  }

  async close(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** When round `round` is emitted (unix seconds). */
  roundTime(round: number): number {
    return beaconRoundTime(this.network, round);
  }
}
