/**
 * Whether this node takes traffic: `starting` until the composition root has everything listening,
 * `ready` then, `draining` from SIGTERM on. Liveness (GET /health) says the process and its database
 * answer; readiness (GET /health/ready) says whether a load balancer should send it anything new.
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

export class Readiness {
  #state: ReadinessState = 'starting';
  readonly #listeners = new Set<(state: ReadinessState) => void>();

  get state(): ReadinessState {
    return this.#state;
  }

  /** Once everything listens. A draining node never becomes ready again. */
  markReady(): void {
    if (this.#state === 'starting') this.#set('ready');
  }

  markDraining(): void {
    this.#set('draining');
  }

  /** Called with each new state (the metrics' gauge follows it). */
  onChange(listener: (state: ReadinessState) => void): void {
    this.#listeners.add(listener);
    listener(this.#state);
  }

  #set(state: ReadinessState): void {
    if (this.#state === state) return;
    this.#state = state;
    for (const listener of this.#listeners) listener(state);
  }
}
