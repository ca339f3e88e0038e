import { PassThrough } from 'node:stream';
import { isRunActive, type RunStatus } from '@terrace/domain';
import type { Actor } from '../../permissions/actor';
import { getRunState, runForSystem, type RunsDeps } from '../runs/runs.service';
import { readRunLog, runLogEnd, type LogPiece, type RunLogsDeps } from './run-logs.service';
import { RUN_LOG_CHANNEL, RUN_STATUS_CHANNEL, RUN_STEP_CHANNEL, type RunnerEvents } from './runner-events';

export interface RunLogStreamDeps extends RunLogsDeps {
  runs: RunsDeps;
  events: RunnerEvents;
  /** The comment sent when nothing else was (proxies close idle connections). Default 15 s. */
  keepAliveMs?: number;
  /** The hub the streams share (one per RunnerEvents, so per process, unless given). */
  hub?: RunLogHub;
}

const allKinds = ['plan', 'deployment', 'destroy', 'task', 'drift', 'external_run'] as Parameters<typeof getRunState>[3];

/** Text events are cut at a line end near this size, so a replayed log arrives in pieces the page can take. */
const EVENT_BYTES = 64 * 1024;
/** What one read of a run's log asks for. */
const READ_BYTES = 1024 * 1024;
/** The latest events of a run kept encoded for its streams; a stream further behind reads for itself. */
const WINDOW_BYTES = 4 * 1024 * 1024;
/** What a stream holds before it waits for its client (backpressure). */
const STREAM_BUFFER_BYTES = 256 * 1024;

/** One `log` event, encoded once for every stream: the log bytes [start, end) and their text. */
interface LogEvent {
  start: number;
  end: number;
  bytes: Buffer;
  data: Buffer;
}

const eventBytes = (event: string, data: unknown, id?: number) =>
  Buffer.from(`event: ${event}\n${id !== undefined ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
const END_EVENT = Buffer.from('event: end\ndata: {}\n\n');
const KEEP_ALIVE = Buffer.from(': keep-alive\n\n');

/** Encodes a stretch of log as events, each ending at a line end where one is near. */
function logEvents(pieces: LogPiece[]): LogEvent[] {
  if (!pieces.length) return [];
  const offset = pieces[0]!.offset;
  const data = pieces.length === 1 ? pieces[0]!.data : Buffer.concat(pieces.map((p) => p.data));
  const out: LogEvent[] = [];
  let at = 0;
  while (at < data.length) {
    let cut = Math.min(data.length, at + EVENT_BYTES);
    if (cut < data.length) {
      const newline = data.lastIndexOf(0x0a, cut - 1);
      if (newline >= at) cut = newline + 1;
    }
    const end = offset + cut;
    const part = data.subarray(at, cut);
    out.push({ start: offset + at, end, data: part, bytes: eventBytes('log', { seq: end, text: part.toString('utf8') }, end) });
    at = cut;
  }
  return out;
}

interface Subscriber {
  stream: PassThrough;
  /** Where the log sent to this client ends. */
  sent: number;
  /** Waiting for the client to take what it was sent. */
  blocked: boolean;
  /** Reading what it missed for itself (it is behind the kept events). */
  catchingUp: boolean;
  closed: boolean;
}

/**
 * One run's streams in this process. Notifications say where the stored log ends; the feed reads
 * the new bytes once (when a stream waits for them), encodes them once, and writes the same
 * bytes to every stream; it keeps the latest events so a stream slowed by its client continues
 * from memory, and a stream further behind reads what it missed (one read per offset, shared).
 * Status changes are encoded once too. A stream ends once the run is over and its whole log, read
 * after the run's end was known (the finish barrier stored it before), was sent.
 */
class RunFeed {
  readonly subscribers = new Set<Subscriber>();
  /** Opening streams not yet joined (the feed stays while they check the reader's permission). */
  opening = 0;
  events: LogEvent[] = [];
  eventsBytes = 0;
  /** Where the feed's reads stand. */
  end: number;
  /** The furthest end a notification announced. */
  announced = 0;
  /** Reads until one finds nothing, asked at the start, on a resync and once the run is over. */
  checksAsked = 1;
  checksDone = 0;
  reading = false;
  status: RunStatus | null = null;
  active = true;
  notified = false;
  complete = false;
  reads = 0;
  readonly #catchUps = new Map<number, Promise<LogEvent[]>>();

  constructor(
    private readonly deps: RunLogStreamDeps,
    private readonly windowBytes: number,
    readonly organizationId: string,
    readonly runId: string,
    from: number,
  ) {
    this.end = from;
  }

  /** A status read by a stream as it opened: a run over stays over; the notifications are newer otherwise. */
  learn(status: RunStatus, active: boolean): void {
    if (!active && this.active) this.#setStatus(status, false);
    else if (!this.notified && this.active) this.status = status;
  }

  onStatus(status: RunStatus): void {
    this.notified = true;
    this.#setStatus(status, isRunActive(status));
  }

  #setStatus(status: RunStatus, active: boolean): void {
    this.status = status;
    if (this.active && !active) this.checksAsked += 1; // read what the finish stored before the run's end
    this.active = active;
    this.broadcast(eventBytes('status', { runId: this.runId, status, isActive: active }));
    void this.pull();
  }

  onStep(step: string, stepStatus: string): void {
    if (!this.status) return;
    this.broadcast(eventBytes('status', { runId: this.runId, status: this.status, isActive: this.active, step, stepStatus }));
  }

  onLog(end: number): void {
    this.announced = Math.max(this.announced, end);
    void this.pull();
  }

  onResync(): void {
    this.checksAsked += 1;
    void runForSystem(this.deps.runs, this.organizationId, this.runId)
      .then((run) => {
        if (run && run.status !== this.status) this.onStatus(run.status as RunStatus);
      })
      .catch(() => undefined)
      .finally(() => void this.pull());
  }

  broadcast(bytes: Buffer): void {
    for (const sub of this.subscribers) if (!sub.closed) sub.stream.write(bytes);
  }

  join(stream: PassThrough, from: number): Subscriber {
    const sub: Subscriber = { stream, sent: from, blocked: false, catchingUp: false, closed: false };
    this.subscribers.add(sub);
    if (this.status) stream.write(eventBytes('status', { runId: this.runId, status: this.status, isActive: this.active }));
    this.pump(sub);
    return sub;
  }

  leave(sub: Subscriber): void {
    sub.closed = true;
    this.subscribers.delete(sub);
  }

  /** Some stream waits at the feed's end. */
  #wanted(): boolean {
    for (const sub of this.subscribers) if (!sub.blocked && !sub.catchingUp && sub.sent >= this.end) return true;
    return false;
  }

  #needsRead(): boolean {
    return this.end < this.announced || this.checksDone < this.checksAsked;
  }

  /** Reads the new bytes while a stream waits for them, once for all the streams. */
  async pull(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      while (this.subscribers.size && this.#needsRead() && this.#wanted()) {
        const asked = this.checksAsked;
        const announced = this.announced;
        this.reads += 1;
        const pieces = await readRunLog(this.deps, this.organizationId, this.runId, this.end, READ_BYTES);
        if (!pieces.length) {
          this.checksDone = asked;
          // What was announced before this read cannot be read (it was not stored in order): do not
          // ask again. An announcement that came during the read is newer than it: read again.
          if (this.announced === announced) this.announced = Math.min(this.announced, this.end);
          // A first stream asked for an offset past the log (a made-up Last-Event-ID): the feed
          // goes back to the log's end, so the other streams do not wait there with it.
          const stored = this.end > 0 ? await runLogEnd(this.deps.db, this.runId) : 0;
          if (stored < this.end) {
            this.end = stored;
            this.events = [];
            this.eventsBytes = 0;
          }
        } else {
          for (const event of logEvents(pieces)) {
            this.events.push(event);
            this.eventsBytes += event.data.length;
          }
          this.end = this.events[this.events.length - 1]!.end;
          while (this.eventsBytes > this.windowBytes && this.events.length > 1) this.eventsBytes -= this.events.shift()!.data.length;
        }
        if (!this.active && !this.#needsRead()) this.complete = true;
        for (const sub of this.subscribers) this.pump(sub);
      }
    } catch (error) {
      // The database failed this read: the streams end with its error (logged where they are
      // served), and their clients reconnect from their last event.
      const cause = error instanceof Error ? error : new Error(String(error));
      for (const sub of this.subscribers) sub.stream.destroy(cause);
    } finally {
      this.reading = false;
    }
    if (!this.active && !this.#needsRead() && !this.complete) {
      this.complete = true;
      for (const sub of this.subscribers) this.pump(sub);
    }
  }

  /** Sends a stream what it has not had yet: kept events, or what it reads itself; `end` once all is sent. */
  pump(sub: Subscriber): void {
    while (!sub.closed && !sub.blocked && !sub.catchingUp) {
      if (sub.sent >= this.end) {
        if (this.complete) {
          sub.stream.end(END_EVENT);
          this.leave(sub);
        } else void this.pull();
        return;
      }
      const first = this.events[0];
      if (!first || sub.sent < first.start) {
        void this.#catchUp(sub);
        return;
      }
      const event = this.#eventAt(sub.sent);
      const bytes = event.start === sub.sent ? event.bytes : logEvents([{ offset: sub.sent, data: event.data.subarray(sub.sent - event.start) }])[0]!.bytes;
      sub.sent = event.end;
      this.#write(sub, bytes);
    }
  }

  #write(sub: Subscriber, bytes: Buffer): void {
    if (sub.stream.write(bytes)) return;
    sub.blocked = true;
    sub.stream.once('drain', () => {
      sub.blocked = false;
      this.pump(sub);
    });
  }

  #eventAt(offset: number): LogEvent {
    let low = 0;
    let high = this.events.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.events[mid]!.start <= offset) low = mid;
      else high = mid - 1;
    }
    return this.events[low]!;
  }

  /** A stream behind the kept events reads what it missed (streams at the same offset share the read). */
  async #catchUp(sub: Subscriber): Promise<void> {
    sub.catchingUp = true;
    try {
      let read = this.#catchUps.get(sub.sent);
      if (!read) {
        const from = sub.sent;
        read = readRunLog(this.deps, this.organizationId, this.runId, from, READ_BYTES).then(logEvents);
        this.#catchUps.set(from, read);
        const forget = () => this.#catchUps.delete(from);
        read.then(forget, forget);
      }
      const events = await read;
      if (sub.closed) return;
      // Nothing readable there (a lost attempt's missing bytes): go on with the kept events.
      if (!events.length) sub.sent = Math.max(sub.sent, this.events[0]?.start ?? this.end);
      sub.catchingUp = false;
      for (const event of events) {
        sub.sent = event.end;
        this.#write(sub, event.bytes);
      }
    } catch (error) {
      sub.stream.destroy(error instanceof Error ? error : new Error(String(error)));
      return;
    } finally {
      sub.catchingUp = false;
    }
    this.pump(sub);
  }
}

/**
 * The run log streams of one process (design §3.5): one listener per notification channel, and a
 * feed per followed run shared by all its streams. Every process has its own hub, fed by the same
 * PostgreSQL notifications, so the streams of any replica see every runner's appends.
 */
export class RunLogHub {
  readonly #feeds = new Map<string, Map<string, RunFeed>>();

  constructor(
    private readonly deps: RunLogStreamDeps,
    private readonly options: { windowBytes?: number } = {},
  ) {
    const { events } = deps;
    events.on(RUN_LOG_CHANNEL, (payload) => {
      const colon = payload.lastIndexOf(':');
      const feeds = this.#feeds.get(payload.slice(0, colon));
      if (feeds) for (const feed of feeds.values()) feed.onLog(Number(payload.slice(colon + 1)));
    });
    events.on(RUN_STATUS_CHANNEL, (payload) => {
      const event = parse<{ runId: string; status: RunStatus }>(payload);
      const feeds = event && this.#feeds.get(event.runId);
      if (feeds) for (const feed of feeds.values()) feed.onStatus(event.status);
    });
    events.on(RUN_STEP_CHANNEL, (payload) => {
      const event = parse<{ runId: string; step: string; status: string }>(payload);
      const feeds = event && this.#feeds.get(event.runId);
      if (!feeds) return;
      const step = event.step.replace(/\.(\w)/, (_, c: string) => c.toUpperCase());
      for (const feed of feeds.values()) feed.onStep(step, event.status);
    });
    events.on('resync', () => {
      for (const feeds of this.#feeds.values()) for (const feed of feeds.values()) feed.onResync();
    });
  }

  /** The feed of a run (made for the first stream, from its offset), held until the stream joins or gives up. */
  open(organizationId: string, runId: string, from: number): RunFeed {
    let feeds = this.#feeds.get(runId);
    if (!feeds) this.#feeds.set(runId, (feeds = new Map()));
    let feed = feeds.get(organizationId);
    if (!feed) feeds.set(organizationId, (feed = new RunFeed(this.deps, this.options.windowBytes ?? WINDOW_BYTES, organizationId, runId, from)));
    feed.opening += 1;
    return feed;
  }

  /** Drops the feed once no stream follows it. */
  release(feed: RunFeed): void {
    if (feed.subscribers.size || feed.opening) return;
    const feeds = this.#feeds.get(feed.runId);
    if (feeds?.get(feed.organizationId) !== feed) return;
    feeds.delete(feed.organizationId);
    if (!feeds.size) this.#feeds.delete(feed.runId);
  }

  /** The runs followed, the reads their feeds made and where they stand (tests check that streams share them). */
  stats(runId: string): { streams: number; reads: number; end: number } | undefined {
    const feeds = [...(this.#feeds.get(runId)?.values() ?? [])];
    if (!feeds.length) return undefined;
    return {
      streams: feeds.reduce((n, f) => n + f.subscribers.size, 0),
      reads: feeds.reduce((n, f) => n + f.reads, 0),
      end: Math.max(...feeds.map((f) => f.end)),
    };
  }
}

function parse<T>(payload: string): T | null {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return null;
  }
}

const hubs = new WeakMap<RunnerEvents, RunLogHub>();

/** The hub of a process: one per RunnerEvents (one LISTEN connection). */
export function runLogHub(deps: RunLogStreamDeps): RunLogHub {
  if (deps.hub) return deps.hub;
  let hub = hubs.get(deps.events);
  if (!hub) hubs.set(deps.events, (hub = new RunLogHub(deps)));
  return hub;
}

/**
 * A run's log and status as server-sent events (streamRunLogs): joins the run's feed first (so no
 * notification is missed), checks the reader may see the run, then sends the stored log from
 * `from` (compacted or live alike) and what follows; `end` once the run is over and its log sent.
 * A status event starts the stream; step changes follow as status events too.
 */
export async function openRunLogStream(deps: RunLogStreamDeps, actor: Actor, runId: string, from: number): Promise<PassThrough> {
  await deps.events.start();
  const hub = runLogHub(deps);
  // The feed starts where the stored log ends at most: a first stream's offset past it (a made-up
  // Last-Event-ID) must not become the feed's end, or a stream opened beside it, catching up and
  // finding nothing more, would take that end for the log's and wait there for ever.
  const feed = hub.open(actor.organizationId, runId, from > 0 ? Math.min(from, await runLogEnd(deps.db, runId)) : 0);
  let state: Awaited<ReturnType<typeof getRunState>>;
  try {
    state = await getRunState(deps.runs, actor, runId, allKinds, false);
  } catch (error) {
    feed.opening -= 1;
    hub.release(feed);
    throw error;
  }
  feed.opening -= 1;
  feed.learn(state.status as RunStatus, state.isActive);
  const stream = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES });
  const sub = feed.join(stream, from);
  const keepAlive = setInterval(() => stream.write(KEEP_ALIVE), deps.keepAliveMs ?? 15_000);
  keepAlive.unref();
  const close = () => {
    clearInterval(keepAlive);
    feed.leave(sub);
    hub.release(feed);
  };
  stream.on('close', close);
  stream.on('error', close);
  stream.on('finish', close);
  return stream;
}
