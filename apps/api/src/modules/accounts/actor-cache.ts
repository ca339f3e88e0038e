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
 */
export class ActorCache {
  readonly #entries = new Map<string, { actor: Actor; until: number }>();
  #generation = 0;

  constructor(
    private readonly ttlMs = 2000,
    private readonly maxEntries = 10_000,
  ) {}

  async resolve(token: string, load: (token: string) => Promise<Actor | null>): Promise<Actor | null> {
    const key = hashToken(token);
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.until > now) return hit.actor;
    if (hit) this.#entries.delete(key);
    const generation = this.#generation;
    const actor = await load(token);
    if (actor && generation === this.#generation) {
      // Map keeps insertion order: the oldest entry goes first when full.
      if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
      this.#entries.set(key, { actor, until: now + this.ttlMs });
    }
    return actor;
  }

  /** Forgets every actor (after a change that may concern any of them). */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
