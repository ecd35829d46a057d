/**
 * The per-room hash chains (DESIGN §6, docs/fairness/README.md), built with the domain's buildChain.
 * A chain is created with a fresh 32-byte secret seed and a public salt; its terminal hash is public
 * from that moment. A round takes the chain's next index when it is created; its commitment is the
 * previous chain hash (the terminal hash for index 1), which the previous round has already revealed.
 * The round's own hash is read from the chain only when the round is drawn (revealHash).
 *
 * Derived chains are kept in memory (a chain of 10,000 takes ~70 ms to rebuild from its seed); neither
 * the seed nor an unrevealed hash ever leaves this class.
 */
import { randomBytes } from 'node:crypto';
import { buildChain, type HashChain } from '@tradehall/domain';
import type { Transaction } from 'kysely';

export type { PublicChain } from './fairness-chains.repository.ts';

import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { newId } from '../../platform/ids.ts';
import type { FairnessChainsRepository, PublicChain } from './fairness-chains.repository.ts';

/** Chains kept derived in memory: a couple per room is plenty. */
const CACHE_LIMIT = 16;

export interface ChainSlot {
  chainId: string;
  index: number;
  salt: string;
  commitment: string;
}

interface DerivedChain {
  hashes: HashChain;
  salt: string;
}

export interface FairnessChainsServiceDeps {
  repository: FairnessChainsRepository;
  chainLength: number;
}

export class FairnessChainsService {
  readonly #cache = new Map<string, DerivedChain>();

  constructor(private readonly deps: FairnessChainsServiceDeps) {}

  /** The next chain index of the room for a new round, in the caller's transaction (a chain is made if needed). */
  async assign(trx: Transaction<DB>, roomId: string, at: Date): Promise<ChainSlot> {
    const chain =
      (await this.deps.repository.lockUsable(trx, roomId)) ?? (await this.create(trx, roomId, at));
    const index = chain.nextIndex;
    await this.deps.repository.advance(trx, chain.id, index);
    const { hashes } = await this.derived(trx, chain.id);
    const commitment = index === 1 ? hashes.terminalHash : hashes.roundHashes[index - 2];
    if (commitment === undefined) throw new Error(`chain ${chain.id} has no hash before index ${index}`);
    return { chainId: chain.id, index, salt: chain.salt, commitment };
  }

  /**
   * A new chain for the room, created ahead of use: its terminal hash and salt are public from now, and
   * the engine takes it when the room's current chain is exhausted (see lockUsable). Never drawn from
   * before that, and nothing about it but the public columns ever leaves this class.
   */
  createNext(trx: Transaction<DB>, roomId: string, at: Date): Promise<PublicChain> {
    return this.create(trx, roomId, at);
  }

  /** The room's chains, newest first, with the one rounds draw from now marked active. */
  async list(executor: Executor, roomId: string): Promise<Array<PublicChain & { active: boolean }>> {
    const chains = await this.deps.repository.listForRoom(executor, roomId);
    // Active: the oldest chain with hashes left, exactly as lockUsable picks it.
    const usable = chains.filter((chain) => chain.nextIndex <= chain.length);
    const active = usable.at(-1)?.id;
    return chains.map((chain) => ({ ...chain, active: chain.id === active }));
  }

  /**
   * The hash of chain index `index` and the chain's salt: called by the round engine when (and only
   * when) it draws the round.
   */
  async reveal(executor: Executor, chainId: string, index: number): Promise<{ hash: string; salt: string }> {
    const derived = await this.derived(executor, chainId);
    const hash = derived.hashes.roundHashes[index - 1];
    if (hash === undefined) throw new Error(`chain ${chainId} has no index ${index}`);
    return { hash, salt: derived.salt };
  }

  private async create(trx: Transaction<DB>, roomId: string, at: Date): Promise<PublicChain> {
    const seed = randomBytes(32).toString('hex');
    const built = buildChain(seed, this.deps.chainLength);
    const chain = await this.deps.repository.insert(trx, {
      id: newId(at.getTime()),
      roomId,
      seed,
      salt: randomBytes(16).toString('hex'),
      terminalHash: built.terminalHash,
      length: this.deps.chainLength,
      at,
    });
    this.remember(chain.id, { hashes: built, salt: chain.salt });
    return chain;
  }

  private async derived(executor: Executor, chainId: string): Promise<DerivedChain> {
    const cached = this.#cache.get(chainId);
    if (cached) return cached;
    const { seed, length, salt } = await this.deps.repository.secretSeed(executor, chainId);
    const derived = { hashes: buildChain(seed, length), salt };
    this.remember(chainId, derived);
    return derived;
  }

  private remember(chainId: string, chain: DerivedChain): void {
    this.#cache.set(chainId, chain);
    while (this.#cache.size > CACHE_LIMIT) {
      const oldest = this.#cache.keys().next().value;
      if (oldest === undefined) break;
      this.#cache.delete(oldest);
    }
  }
}
