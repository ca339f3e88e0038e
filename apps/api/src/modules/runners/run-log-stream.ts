import { PassThrough } from 'node:stream';
import { isRunActive, type RunStatus } from '@terrace/domain';
import type { Actor } from '../../permissions/actor';
import { getRunState, type RunsDeps } from '../runs/runs.service';
import { readRunLog, type RunLogsDeps } from './run-logs.service';
import { RUN_LOG_CHANNEL, RUN_STATUS_CHANNEL, RUN_STEP_CHANNEL, type RunnerEvents } from './runner-events';

export interface RunLogStreamDeps extends RunLogsDeps {
  runs: RunsDeps;
  events: RunnerEvents;
  /** The comment sent when nothing else was (proxies close idle connections). Default 15 s. */
  keepAliveMs?: number;
}

const allKinds = ['plan', 'deployment', 'destroy', 'task', 'drift', 'external_run'] as Parameters<typeof getRunState>[3];

/** Text events are cut at a line end near this size, so a replayed log arrives in pieces the page can take. */
const EVENT_BYTES = 64 * 1024;

/** Splits a stretch of log into events' texts, each ending at a line end where one is near. */
function slices(offset: number, data: Buffer): { end: number; text: string }[] {
  const out: { end: number; text: string }[] = [];
  let at = 0;
  while (at < data.length) {
    let cut = Math.min(data.length, at + EVENT_BYTES);
    if (cut < data.length) {
      const newline = data.lastIndexOf(0x0a, cut - 1);
      if (newline >= at) cut = newline + 1;
    }
    out.push({ end: offset + cut, text: data.subarray(at, cut).toString('utf8') });
    at = cut;
  }
  return out;
}

/**
 * The streams of one run read the same bytes at the same moment (a notification wakes them all):
 * one read from the database is shared by every stream asking for the same run and offset.
 */
const sharedReads = new Map<string, Promise<Awaited<ReturnType<typeof readRunLog>>>>();
function readShared(deps: RunLogsDeps, organizationId: string, runId: string, from: number, notifiedEnd: number) {
  // Keyed by the end the latest notification announced: a read that began before it is never reused after it.
  if (notifiedEnd <= from) return readRunLog(deps, organizationId, runId, from);
  const key = `${organizationId}|${runId}|${from}|${notifiedEnd}`;
  let read = sharedReads.get(key);
  if (!read) {
    read = readRunLog(deps, organizationId, runId, from);
    sharedReads.set(key, read);
    const forget = () => setTimeout(() => sharedReads.delete(key), 50).unref();
    read.then(forget, forget);
  }
  return read;
}

const frame = (event: string, data: unknown, id?: number) => `event: ${event}\n${id !== undefined ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/**
 * A run's log and status as server-sent events (streamRunLogs): subscribe to the run's
 * notifications first, then send the stored log from `from` (compacted or live alike), then what
 * each notification announces, read from the database by offset; `end` once the run is over and
 * its log sent. A status event starts the stream; step changes follow as status events too.
 */
export async function openRunLogStream(deps: RunLogStreamDeps, actor: Actor, runId: string, from: number): Promise<PassThrough> {
  const state = await getRunState(deps.runs, actor, runId, allKinds, false);
  const organizationId = actor.organizationId;
  await deps.events.start();
  const stream = new PassThrough();
  let sent = from;
  let notifiedEnd = 0;
  let status = state.status as RunStatus;
  let active = state.isActive;
  let dirty = true;
  let closed = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    dirty = true;
    wake?.();
  };
  const pending: string[] = [];
  const offs = [
    deps.events.on(RUN_LOG_CHANNEL, (payload) => {
      if (!payload.startsWith(`${runId}:`)) return;
      const end = Number(payload.slice(runId.length + 1));
      notifiedEnd = Math.max(notifiedEnd, end);
      if (end > sent) poke();
    }),
    deps.events.on(RUN_STATUS_CHANNEL, (payload) => {
      try {
        const event = JSON.parse(payload) as { runId: string; status: RunStatus };
        if (event.runId !== runId) return;
        status = event.status;
        active = isRunActive(event.status);
        pending.push(frame('status', { runId, status, isActive: active }));
        poke();
      } catch {
        /* not ours */
      }
    }),
    deps.events.on(RUN_STEP_CHANNEL, (payload) => {
      try {
        const event = JSON.parse(payload) as { runId: string; step: string; status: string };
        if (event.runId !== runId) return;
        const step = event.step.replace(/\.(\w)/, (_, c: string) => c.toUpperCase());
        pending.push(frame('status', { runId, status, isActive: active, step, stepStatus: event.status }));
        poke();
      } catch {
        /* not ours */
      }
    }),
    deps.events.on('resync', poke),
  ];
  const close = () => {
    if (closed) return;
    closed = true;
    for (const off of offs) off();
    clearInterval(keepAlive);
    wake?.();
  };
  stream.on('close', close);
  stream.on('error', close);
  const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), deps.keepAliveMs ?? 15_000);
  keepAlive.unref();
  stream.write(frame('status', { runId, status, isActive: active }));

  void (async () => {
    try {
      while (!closed) {
        if (dirty) {
          dirty = false;
          while (pending.length) stream.write(pending.shift()!);
          // Read until caught up: a notification during the read sets `dirty` again.
          for (;;) {
            const pieces = await readShared(deps, organizationId, runId, sent, notifiedEnd);
            if (!pieces.length || closed) break;
            for (const piece of pieces) {
              for (const part of slices(piece.offset, piece.data)) {
                stream.write(frame('log', { seq: part.end, text: part.text }, part.end));
              }
              sent = piece.offset + piece.data.length;
            }
          }
          while (pending.length) stream.write(pending.shift()!);
          if (!active) {
            // The finish barrier put the whole log in before the run ended: it has all been sent.
            stream.write('event: end\ndata: {}\n\n');
            stream.end();
            close();
            return;
          }
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (dirty || closed) resolve();
        });
        wake = null;
      }
    } catch (error) {
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
      close();
    }
  })();
  return stream;
}
