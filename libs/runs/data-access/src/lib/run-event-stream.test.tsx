import { errorResponse, handle } from '@terrace/api-client/testing';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { describe, expect, it } from 'vitest';
import { eventStreamResponse } from './event-stream-response';
import { followRunEvents } from './run-event-stream';
import type { RunLogLine, RunStatusEvent } from './runs.types';

const server = setupMsw();
const log = (seq: number, text: string) => ({ event: 'log' as const, data: { seq, text } });
const status = (data: RunStatusEvent) => ({ event: 'status' as const, data });

function recorder() {
  const lines: RunLogLine[] = [];
  const statuses: RunStatusEvent[] = [];
  const connections: string[] = [];
  return {
    lines,
    statuses,
    connections,
    handlers: { onLog: (l: RunLogLine) => lines.push(l), onStatus: (s: RunStatusEvent) => statuses.push(s), onConnection: (c: string) => connections.push(c) },
  };
}

describe('followRunEvents', () => {
  it('delivers log lines and status changes until the server ends the stream, with the bearer token', async () => {
    const auth: (string | null)[] = [];
    server.use(
      handle('get', '/stack/run/{runId}/logs', ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return eventStreamResponse([
          [log(1, 'Initializing...'), status({ runId: 'dep-1', status: 'inProgress', isActive: true, step: 'terraformInit', stepStatus: 'inProgress' })],
          [{ comment: 'heartbeat' }, log(2, 'Plan: 1 to add.')],
          [{ event: 'end' }],
        ]);
      }),
    );
    const { client, notices } = dataAccessHarness();
    const rec = recorder();
    const end = await followRunEvents(client, 'dep-1', rec.handlers, new AbortController().signal);
    expect(end).toEqual({ kind: 'ended' });
    expect(rec.lines.map((l) => l.text)).toEqual(['Initializing...', 'Plan: 1 to add.']);
    expect(rec.statuses).toEqual([{ runId: 'dep-1', status: 'inProgress', isActive: true, step: 'terraformInit', stepStatus: 'inProgress' }]);
    expect(auth).toEqual(['Bearer tok']);
    expect(notices).toEqual([]);
  });

  it('reconnects after a dropped connection from the last event id, showing no line twice', async () => {
    const resumes: { afterSeq: string | null; lastEventId: string | null }[] = [];
    server.use(
      handle('get', '/stack/run/{runId}/logs', ({ query, request }) => {
        resumes.push({ afterSeq: query.get('afterSeq'), lastEventId: request.headers.get('last-event-id') });
        if (resumes.length === 1) return eventStreamResponse([[log(1, 'one'), log(2, 'two')]], { breakAfter: true });
        // A server that resends the last line it is not sure arrived: the reader skips it.
        return eventStreamResponse([[log(2, 'two'), log(3, 'three')], [{ event: 'end' }]]);
      }),
    );
    const { client } = dataAccessHarness();
    const rec = recorder();
    const end = await followRunEvents(client, 'dep-1', rec.handlers, new AbortController().signal, { retryDelaysMs: [1] });
    expect(end).toEqual({ kind: 'ended' });
    expect(resumes).toEqual([
      { afterSeq: null, lastEventId: null },
      { afterSeq: '2', lastEventId: '2' },
    ]);
    expect(rec.lines.map((l) => l.text)).toEqual(['one', 'two', 'three']);
    expect(rec.connections).toEqual(['live', 'reconnecting', 'live']);
  });

  it('counts the stream unavailable at once when the server refuses it, without a toast', async () => {
    let calls = 0;
    server.use(
      handle('get', '/stack/run/{runId}/logs', () => {
        calls += 1;
        return errorResponse(500, 'internal_error', 'Not implemented');
      }),
    );
    const { client, notices } = dataAccessHarness();
    const end = await followRunEvents(client, 'dep-1', recorder().handlers, new AbortController().signal, { retryDelaysMs: [1, 1, 1] });
    expect(end.kind).toBe('unavailable');
    expect(calls).toBe(1);
    expect(notices).toEqual([]);
  });

  it('gives up when reconnecting brings nothing, after the last delay', async () => {
    let calls = 0;
    server.use(
      handle('get', '/stack/run/{runId}/logs', () => {
        calls += 1;
        return eventStreamResponse([], { breakAfter: true });
      }),
    );
    const { client } = dataAccessHarness();
    const end = await followRunEvents(client, 'dep-1', recorder().handlers, new AbortController().signal, { retryDelaysMs: [1, 1] });
    expect(end.kind).toBe('unavailable');
    expect(calls).toBe(3);
  });

  it('stops when the caller leaves a stream that stays open', async () => {
    server.use(handle('get', '/stack/run/{runId}/logs', ({ request }) => eventStreamResponse([[log(1, 'waiting')]], { hold: request.signal })));
    const { client } = dataAccessHarness();
    const rec = recorder();
    const controller = new AbortController();
    const following = followRunEvents(client, 'dep-1', rec.handlers, controller.signal);
    await expect.poll(() => rec.lines.length).toBe(1);
    controller.abort();
    expect(await following).toEqual({ kind: 'aborted' });
  });
});
