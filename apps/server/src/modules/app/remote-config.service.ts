/**
 * The remote configuration this server publishes. It only changes with the environment, so its JSON body
 * and ETag are computed once and every request is answered from memory.
 */
import type { RemoteConfig } from '@tradehall/contracts';
import { publishedRemoteConfig, type ServerLinesConfig } from '../../platform/server-lines-config.ts';
import { type SharedRead, SharedReadCache } from '../../platform/shared-read-cache.ts';

export class RemoteConfigService {
  readonly #shared: SharedReadCache<RemoteConfig>;

  constructor(config: ServerLinesConfig) {
    const value = publishedRemoteConfig(config);
    this.#shared = new SharedReadCache(() => Promise.resolve(value), {
      maxAgeMs: Number.POSITIVE_INFINITY,
    });
  }

  read(): Promise<SharedRead<RemoteConfig>> {
    return this.#shared.get();
  }
}
