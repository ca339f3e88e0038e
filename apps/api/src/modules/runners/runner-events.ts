import { EventEmitter } from 'node:events';
import type pg from 'pg';

/** The NOTIFY channels the runner side of the product listens to (payloads carry ids and offsets only). */
export const RUN_JOBS_CHANNEL = 'run_jobs';
export const RUN_STATUS_CHANNEL = 'run_status';
/** `<runId>:<end offset>` after log bytes were stored. */
export const RUN_LOG_CHANNEL = 'run_log';
/** `{"runId","step","status"}` after a step's status changed. */
export const RUN_STEP_CHANNEL = 'run_step';

const channels = [RUN_JOBS_CHANNEL, RUN_STATUS_CHANNEL, RUN_LOG_CHANNEL, RUN_STEP_CHANNEL] as const;
export type RunnerEventChannel = (typeof channels)[number];

/**
 * One PostgreSQL connection per server process LISTENs to the run channels and fans the
 * notifications out in process (design §3.5): a long-polling claim waits for `run_jobs`, a log
 * stream for `run_log`, `run_status` and `run_step`. When the connection breaks it reconnects and
 * emits `resync`, so every waiter re-reads from the database (nothing is missed).
 */
export class RunnerEvents {
  readonly #emitter = new EventEmitter();
  #client: pg.PoolClient | null = null;
  #stopped = false;
  #connecting: Promise<void> | null = null;
  readonly #released = new WeakSet<pg.PoolClient>();

  constructor(private readonly pool: pg.Pool | null) {
    this.#emitter.setMaxListeners(0);
  }

  /** Starts listening (idempotent); resolves once LISTEN is in place. */
  start(): Promise<void> {
    if (!this.pool || this.#stopped) return Promise.resolve();
    this.#connecting ??= this.#connect().catch((error: unknown) => {
      this.#connecting = null;
      throw error;
    });
    return this.#connecting;
  }

  async #connect(): Promise<void> {
    if (!this.pool) return;
    const client = await this.pool.connect();
    client.on('notification', (message) => this.#emitter.emit(message.channel, message.payload ?? ''));
    client.on('error', () => {
      // Once given back (stop, or an earlier error) the connection is the pool's: an error on it
      // (PostgreSQL shutting down) is not ours to release again.
      if (this.#released.has(client)) return;
      this.#release(client, true);
      if (this.#client === client) this.#client = null;
      this.#connecting = null;
      if (!this.#stopped) {
        setTimeout(() => void this.start().then(() => this.#emitter.emit('resync'), () => this.#emitter.emit('resync')), 1_000).unref();
      }
    });
    for (const channel of channels) await client.query(`LISTEN ${channel}`);
    if (this.#stopped) {
      this.#release(client, true);
      return;
    }
    this.#client = client;
  }

  /** Gives a connection back to the pool once. */
  #release(client: pg.PoolClient, destroy = false): void {
    if (this.#released.has(client)) return;
    this.#released.add(client);
    client.release(destroy);
  }

  /** Calls `listener` for each notification on the channel (and on `resync`) until the returned function is called. */
  on(channel: RunnerEventChannel | 'resync', listener: (payload: string) => void): () => void {
    this.#emitter.on(channel, listener);
    return () => this.#emitter.off(channel, listener);
  }

  /** Resolves when `match` accepts a notification of the channel (or on resync), or after `ms`, or when `signal` aborts. */
  waitFor(channel: RunnerEventChannel, match: (payload: string) => boolean, ms: number, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        offChannel();
        offResync();
        signal?.removeEventListener('abort', onAbort);
        resolve(woken);
      };
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      const offChannel = this.on(channel, (payload) => {
        if (match(payload)) done(true);
      });
      const offResync = this.on('resync', () => done(true));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** In-process emit (the managed runner's tests, and a notification the process itself sent). */
  emit(channel: RunnerEventChannel, payload: string): void {
    this.#emitter.emit(channel, payload);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#connecting?.catch(() => undefined);
    const client = this.#client;
    this.#client = null;
    if (client) {
      await client.query('UNLISTEN *').catch(() => undefined);
      this.#release(client);
    }
  }
}
