import { randomBytes } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { openRunLogStream, RunLogHub, runLogHub, type RunLogStreamDeps } from './run-log-stream';
import { RUN_LOG_CHANNEL } from './runner-events';

// The run log stream's behaviour on the real PostgreSQL, NOTIFY and HTTP: every stream of a run
// gets every byte once and in order from one read per new chunk, resumes from any offset (live or
// compacted), ends only after the whole log (the finish barrier), keeps up with a client that
// stopped reading, and sees the appends another replica stored.

let api: TestApi;
let replica: TestApi;
let admin: SignedUp;
let namespaceId: string;
let base: string;
let replicaBase: string;
const masterKey = randomBytes(32);

beforeAll(async () => {
  api = await createTestApi({ poolSize: 12, masterKey });
  replica = await createTestApi({ poolSize: 6, masterKey });
  admin = await signUpOrganization(api, 'run-log-stream');
  namespaceId = (await createNamespace(api, admin.token)).id;
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  await replica.app.listen({ host: '127.0.0.1', port: 0 });
  for (const server of [api.app.server, replica.app.server]) server.on('connection', (socket: Socket) => sockets.add(socket));
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}/api`;
  replicaBase = `http://127.0.0.1:${(replica.app.server.address() as AddressInfo).port}/api`;
}, 60_000);
/** The client's kept-alive connections (fetch opens some ahead) are closed with the servers. */
const sockets = new Set<Socket>();
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await replica?.close();
  await api?.close();
});

interface Job {
  runId: string;
  jobId: string;
  token: string;
}

/** A plan of a new stack, its job claimed by a new self-hosted runner. */
async function claimedPlan(): Promise<Job> {
  const entity = async <T>(operationId: string, options: Parameters<TestApi['call']>[1]) => {
    const res = await api.call<T>(operationId, options);
    expect(res.status, `${operationId}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.response.items[0] as T;
  };
  const name = randomBytes(4).toString('hex');
  const group = await entity<{ id: string }>('createRunnerGroup', { token: admin.token, entity: { name: `g-${name}`, maxConcurrency: 10 } });
  const groupToken = await entity<{ token: string }>('createRunnerGroupToken', { token: admin.token, params: { groupId: group.id }, entity: { name: 'ci' } });
  const runner = await entity<{ token: string }>('registerRunner', { entity: { runnerGroupToken: groupToken.token, name: `r-${name}`, version: '1.0.0' } });
  const stack = await entity<{ id: string }>('createStack', {
    token: admin.token,
    entity: { stack: { name: `s-${name}`, namespaceId, iacType: 'opentofu', data: { runnerConfig: { mode: 'selfHosted', groups: [group.id] } } } },
  });
  const plan = await entity<{ id: string }>('createPlan', { token: admin.token, entity: { stackId: stack.id } });
  const job = await entity<Job>('claimRunnerJob', { token: runner.token, entity: { waitSeconds: 0 } });
  expect(job.runId).toBe(plan.id);
  return job;
}

async function append(job: Job, offset: number, text: string, through: TestApi = api): Promise<number> {
  const res = await through.call<{ end: number }>('appendRunnerJobLog', { token: job.token, params: { jobId: job.jobId }, entity: { offset, data: Buffer.from(text).toString('base64') } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0]!.end;
}

async function finish(job: Job, finalLogOffset: number): Promise<void> {
  const res = await api.call('finishRunnerJob', { token: job.token, params: { jobId: job.jobId }, entity: { status: 'failed', finalLogOffset, outcome: { error: 'done' } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

interface SseEvent {
  event: string;
  id?: number;
  data: Record<string, unknown>;
}

function parseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('event: '))
    .map((frame) => {
      const lines = frame.split('\n');
      const id = lines.find((l) => l.startsWith('id: '));
      return { event: lines[0]!.slice(7), ...(id ? { id: Number(id.slice(4)) } : {}), data: JSON.parse(lines.find((l) => l.startsWith('data: '))!.slice(6)) as Record<string, unknown> };
    });
}

/** The log the events carry, checked to be contiguous from `from` (each event's id is where its text ends). */
function logOf(events: SseEvent[], from: number): string {
  let at = from;
  let text = '';
  for (const e of events.filter((e) => e.event === 'log')) {
    const part = String(e.data['text']);
    at += Buffer.byteLength(part);
    expect(e.id).toBe(at);
    expect(e.data['seq']).toBe(at);
    text += part;
  }
  return text;
}

/** Follows a run's stream over HTTP until `until` holds for what came, or the stream ends. */
function follow(runId: string, options: { from?: number; headers?: Record<string, string>; at?: string; until?: (events: SseEvent[]) => boolean } = {}) {
  const controller = new AbortController();
  let connected!: () => void;
  const opened = new Promise<void>((resolve) => (connected = resolve));
  const events = (async () => {
    const query = options.from !== undefined ? `?afterSeq=${options.from}` : '';
    const response = await fetch(`${options.at ?? base}/stack/run/${runId}/logs${query}`, {
      headers: { authorization: `Bearer ${admin.token}`, ...options.headers },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      connected();
      text += decoder.decode(value, { stream: true });
      const complete = text.slice(0, text.lastIndexOf('\n\n') + 2);
      if (options.until?.(parseEvents(complete))) {
        controller.abort();
        return parseEvents(complete);
      }
    }
    return parseEvents(text);
  })();
  return { opened, events };
}

/** The server's stream itself (no HTTP): it is read only when the test says so. */
const streamDeps = (): RunLogStreamDeps => ({ db: api.database.db, envelope: api.runnerProtocol.envelope, runs: api.runs, events: api.runnerProtocol.events });

async function readStream(stream: Readable, until: (text: string) => boolean): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (until(text)) break;
  }
  return text;
}

const ended = (events: SseEvent[]) => events.some((e) => e.event === 'end');

describe('run log stream', () => {
  it('gives every stream of a run every byte once and in order, from one read per new chunk for all of them', async () => {
    const job = await claimedPlan();
    const lines = Array.from({ length: 12 }, (_, i) => `${'·'.repeat(i)} line ${i} ✓ 日本語 ${randomBytes(i * 50).toString('hex')}\n`);
    const streams = Array.from({ length: 20 }, () => follow(job.runId));
    await Promise.all(streams.map((s) => s.opened));
    let offset = 0;
    for (const line of lines) offset = await append(job, offset, line);
    const hub = runLogHub({ events: api.runnerProtocol.events } as RunLogStreamDeps);
    const stats = hub.stats(job.runId);
    expect(stats?.streams).toBe(20);
    await finish(job, offset);
    for (const events of await Promise.all(streams.map((s) => s.events))) {
      expect(logOf(events, 0)).toBe(lines.join(''));
      expect(events.at(-1)?.event).toBe('end');
      expect(events.filter((e) => e.event === 'status').at(-1)?.data).toMatchObject({ status: 'error', isActive: false });
    }
    // Per stream and chunk, that would be 240 reads or more; the feed reads each new chunk once
    // (some notifications arrive together), plus its first read.
    expect(stats!.reads).toBeLessThanOrEqual(lines.length + 2);
    expect(hub.stats(job.runId)).toBeUndefined(); // every stream ended: the feed is gone
  }, 60_000);

  it('resumes from any offset (Last-Event-ID or afterSeq), live and once the log is compacted', async () => {
    const job = await claimedPlan();
    let end = await append(job, 0, 'first\n');
    end = await append(job, end, 'second\n');
    // A made-up offset past the log, the run's first stream: it gets no log, the others all of it.
    const beyond = follow(job.runId, { headers: { 'last-event-id': '1000000' } });
    await beyond.opened;
    // Inside an event: the stream starts at that very byte.
    const live = await follow(job.runId, { headers: { 'last-event-id': '3' }, until: (events) => logOf(events, 3).includes('third') });
    const following = follow(job.runId, { from: 6, until: (events) => logOf(events, 6).endsWith('third\n') });
    await following.opened;
    const next = follow(job.runId);
    await next.opened;
    end = await append(job, end, 'third\n');
    expect(logOf(await live.events, 3)).toBe('st\nsecond\nthird\n');
    expect(logOf(await following.events, 6)).toBe('second\nthird\n');
    await finish(job, end);
    expect(logOf(await next.events, 0)).toBe('first\nsecond\nthird\n');
    expect((await beyond.events).filter((e) => e.event === 'log')).toEqual([]);
    const fromStart = await follow(job.runId).events;
    expect(logOf(fromStart, 0)).toBe('first\nsecond\nthird\n');
    const resumed = await follow(job.runId, { headers: { 'last-event-id': '8' } }).events;
    expect(logOf(resumed, 8)).toBe('cond\nthird\n');
    expect(ended(resumed)).toBe(true);
    const atEnd = await follow(job.runId, { from: end }).events;
    expect(atEnd.filter((e) => e.event === 'log')).toEqual([]);
    expect(ended(atEnd)).toBe(true);
  }, 60_000);

  it('starts a run\'s feed at the stored log\'s end at most, whatever offset its first stream claims', async () => {
    const job = await claimedPlan();
    const end = await append(job, 0, 'first\nsecond\n');
    const actor = (await api.authenticate(admin.token))!;
    const deps: RunLogStreamDeps = { ...streamDeps(), hub: new RunLogHub(streamDeps()) };
    // Before the feed's first read could correct it: a stream opened beside this one and catching
    // up from the start took the feed's end for the log's and waited there for ever.
    const beyond = await openRunLogStream(deps, actor, job.runId, 1_000_000);
    expect(deps.hub!.stats(job.runId)?.end).toBe(end);
    const beside = await openRunLogStream(deps, actor, job.runId, 3);
    const third = await append(job, end, 'third\n');
    expect(logOf(parseEvents(await readStream(beside, (t) => t.includes('third'))), 3)).toBe('st\nsecond\nthird\n');
    await finish(job, third);
    expect(parseEvents(await readStream(beyond, (t) => t.includes('event: end'))).filter((e) => e.event === 'log')).toEqual([]);
    beside.destroy();
  }, 60_000);

  it('reads again when a chunk is announced while a read that could not see it yet is on its way', async () => {
    const job = await claimedPlan();
    const first = await append(job, 0, 'first\n');
    const actor = (await api.authenticate(admin.token))!;
    // The real database, but the result of one read is held (after its statement ran) until the
    // test lets it go: the order CI once met by chance, made certain.
    const real = streamDeps();
    let hold: Promise<void> | undefined;
    let held = 0;
    const db = new Proxy(real.db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        if (key !== 'execute') return value.bind(target);
        return async (...args: unknown[]) => {
          const result: unknown = await value.apply(target, args);
          const gate = hold;
          if (gate) {
            hold = undefined;
            held += 1;
            await gate;
          }
          return result;
        };
      },
    });
    const deps: RunLogStreamDeps = { ...real, db };
    deps.hub = new RunLogHub(deps);
    const stream = await openRunLogStream(deps, actor, job.runId, 0);
    let text = '';
    stream.on('data', (chunk) => (text += String(chunk)));
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      return done();
    };
    expect(await until(() => text.includes('first'))).toBe(true);
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    // An announcement past the stored log (never stored in order): the feed reads and finds nothing…
    real.events.emit(RUN_LOG_CHANNEL, `${job.runId}:${first + 1}`);
    expect(await until(() => held === 1)).toBe(true);
    // …while that read is on its way, a chunk is stored and announced.
    const second = first + Buffer.byteLength('second\n');
    const announced = real.events.waitFor(RUN_LOG_CHANNEL, (payload) => payload === `${job.runId}:${second}`, 10_000);
    expect(await append(job, first, 'second\n')).toBe(second);
    expect(await announced).toBe(true);
    release();
    // The empty read must not swallow the newer announcement: the stream gets the chunk now, not at the run's end.
    expect(await until(() => text.includes('second'))).toBe(true);
    await finish(job, second);
    expect(await until(() => text.includes('event: end'))).toBe(true);
    expect(logOf(parseEvents(text), 0)).toBe('first\nsecond\n');
  }, 60_000);

  it('ends a stream only after the whole log: the last bytes and the finish come back to back', async () => {
    const job = await claimedPlan();
    const stream = follow(job.runId);
    await stream.opened;
    let end = 0;
    for (let i = 0; i < 5; i += 1) end = await append(job, end, `${String(i).repeat(1000)}\n`);
    // No wait between the last append and the finish: the barrier stored it, the stream sends it.
    const tail = 'the tail that must not be lost\n';
    const finalEnd = await append(job, end, tail);
    await finish(job, finalEnd);
    const events = await stream.events;
    const text = logOf(events, 0);
    expect(text.endsWith(tail)).toBe(true);
    expect(Buffer.byteLength(text)).toBe(finalEnd);
    expect(events.at(-1)?.event).toBe('end');
    expect(events.findIndex((e) => e.event === 'end')).toBeGreaterThan(events.findLastIndex((e) => e.event === 'log'));
  }, 60_000);

  it('ends a stream that is behind when the run ends only after the rest of the log', async () => {
    const job = await claimedPlan();
    const lines = Array.from({ length: 48 }, (_, i) => `${String(i).padStart(2, '0')}${'y'.repeat(65_533)}\n`);
    let end = 0;
    for (const line of lines) end = await append(job, end, line);
    // The client takes nothing until the run is over: the stream is 3 MiB behind when it ends.
    const stream = await openRunLogStream(streamDeps(), (await api.authenticate(admin.token))!, job.runId, 0);
    await finish(job, end);
    const events = parseEvents(await readStream(stream, (t) => t.includes('event: end')));
    expect(logOf(events, 0)).toBe(lines.join(''));
    expect(events.at(-1)?.event).toBe('end');
  }, 60_000);

  it("keeps a client that stopped reading: it goes on from what it missed, past the events kept in memory", async () => {
    const job = await claimedPlan();
    const actor = (await api.authenticate(admin.token))!;
    const deps: RunLogStreamDeps = { ...streamDeps(), hub: new RunLogHub(streamDeps(), { windowBytes: 16 * 1024 }) };
    const read = readStream;
    const slow = await openRunLogStream(deps, actor, job.runId, 0);
    const fast = await openRunLogStream(deps, actor, job.runId, 0);
    const lines = Array.from({ length: 40 }, (_, i) => `${i}:${'x'.repeat(20_000)}\n`);
    const expected = lines.join('');
    const fastText = read(fast, (t) => t.includes('event: end'));
    let end = 0;
    for (const line of lines) end = await append(job, end, line);
    await finish(job, end);
    // The fast one is done; the slow one (1 MiB behind, the hub keeps 16 KiB) reads now.
    expect(logOf(parseEvents(await fastText), 0)).toBe(expected);
    const slowEvents = parseEvents(await read(slow, (t) => t.includes('event: end')));
    expect(logOf(slowEvents, 0)).toBe(expected);
    expect(ended(slowEvents)).toBe(true);
  }, 60_000);

  it('streams what a runner stored through another replica, and ends there when the run ends', async () => {
    const job = await claimedPlan();
    const here = follow(job.runId, { at: replicaBase });
    const there = follow(job.runId);
    await Promise.all([here.opened, there.opened]);
    let end = await append(job, 0, 'from the first replica\n');
    end = await append(job, end, 'and more\n');
    await finish(job, end);
    for (const events of await Promise.all([here.events, there.events])) {
      expect(logOf(events, 0)).toBe('from the first replica\nand more\n');
      expect(ended(events)).toBe(true);
    }
    const replicaHub = runLogHub({ events: replica.runnerProtocol.events } as RunLogStreamDeps);
    expect(replicaHub).not.toBe(runLogHub({ events: api.runnerProtocol.events } as RunLogStreamDeps));
  }, 60_000);
});
