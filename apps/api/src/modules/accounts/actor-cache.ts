import { hashToken } from '../../crypto/opaque-token';
import type { Actor } from '../../permissions/actor';

/**
 * Who a bearer token is, remembered for a moment: the lookup (session, membership, organization)
 * is a database round trip on every request otherwise, and most requests come in bursts with the
 * same token. Keyed by the token's hash, only for tokens that authenticated.
 *
 * Any change this process makes that may change who an actor is — every non-GET operation, and
 * every public one (sign-in, single sign-on callbacks) — clears it before its answer is sent, so
 * a sign-out, a role change, a removal or a revoked token takes effect at once for the next
 * request here. A lookup that started before such a change never stores its (possibly stale)
 * answer. Another replica's changes take effect here within `ttlMs`.
 *
 * Requests that miss at the same moment share one lookup, and an entry in the last quarter of its
 * life is looked up again in the background while it still answers: a steady stream of requests
 * with one token never waits for the lookup (nor do sixteen of them make sixteen lookups when it
 * expires). An answer is never older than `ttlMs`: each entry lives `ttlMs` from the moment its
 * lookup started, and a background lookup that finds the token no longer valid removes it.
 */
export class ActorCache {
  readonly #entries = new Map<string, { actor: Actor; until: number; refreshing: boolean }>();
  readonly #loading = new Map<string, Promise<Actor | null>>();
  #generation = 0;

  constructor(
    private readonly ttlMs = 2000,
    private readonly maxEntries = 10_000,
    /** The clock (tests move it by hand). */
    private readonly now: () => number = Date.now,
  ) {}

  async resolve(token: string, load: (token: string) => Promise<Actor | null>): Promise<Actor | null> {
    const key = hashToken(token);
    const now = this.now();
    const hit = this.#entries.get(key);
    if (hit && hit.until > now) {
      if (!hit.refreshing && hit.until - now < this.ttlMs / 4) {
        hit.refreshing = true;
        // A failed refresh leaves the entry to expire; the next lookup then reports the failure.
        this.#load(key, token, load).catch(() => (hit.refreshing = false));
      }
      return hit.actor;
    }
    if (hit) this.#entries.delete(key);
    return this.#load(key, token, load);
  }

  /** One lookup per token at a time; its answer is stored unless a change overtook it. */
  #load(key: string, token: string, load: (token: string) => Promise<Actor | null>): Promise<Actor | null> {
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const started = this.now();
    const lookup = load(token)
      .then((actor) => {
        if (generation === this.#generation) {
          this.#entries.delete(key);
          if (actor) {
            // Map keeps insertion order: the oldest entry goes first when full.
            if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
            this.#entries.set(key, { actor, until: started + this.ttlMs, refreshing: false });
          }
        }
        return actor;
      })
      .finally(() => {
        if (this.#loading.get(key) === lookup) this.#loading.delete(key);
      });
    this.#loading.set(key, lookup);
    return lookup;
  }

  /** Forgets every actor (after a change that may concern any of them), and every lookup under way. */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#loading.clear();
  }
}
