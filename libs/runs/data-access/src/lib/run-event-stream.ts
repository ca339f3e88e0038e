import { isApiError, QUIET_REQUEST_HEADER, readEventStream, type ApiClient, type ServerSentEvent } from '@terrace/api-client';
import type { RunLogLine, RunStatusEvent } from './runs.types';

/**
 * Opens the run's event stream (server-sent events over fetch, with the bearer token the client
 * adds); `afterSeq` resumes after the last event received. Answers the response to read. Quiet:
 * the log panel shows the stream's state and the reader reconnects, so a failure is no toast.
 */
async function openEventStream(client: ApiClient, runId: string, afterSeq: number | null, signal: AbortSignal): Promise<Response> {
  const { response } = await client.GET('/stack/run/{runId}/logs', {
    params: { path: { runId }, query: afterSeq === null ? {} : { afterSeq } },
    headers: { [QUIET_REQUEST_HEADER]: 'true', ...(afterSeq === null ? {} : { 'Last-Event-ID': String(afterSeq) }) },
    parseAs: 'stream',
    signal,
  });
  return response;
}

export interface RunEventHandlers {
  onLog: (line: RunLogLine) => void;
  onStatus: (event: RunStatusEvent) => void;
  /** The connection: open and reading, or waiting to reconnect after it broke. */
  onConnection?: (state: 'live' | 'reconnecting') => void;
}

/**
 * How following a run's events ended: the server said the run is over (`ended`), the stream could
 * not be had (the server refused it, or it kept breaking without progress), or the caller left.
 */
export type RunEventsEnd = { kind: 'ended' } | { kind: 'unavailable'; error?: unknown } | { kind: 'aborted' };

export interface FollowRunEventsOptions {
  /** Waits before each reconnection in a row that brought no event; after the last, the stream counts as unavailable. */
  retryDelaysMs?: readonly number[];
}

const defaultRetryDelaysMs = [1_000, 2_000, 5_000, 10_000, 20_000] as const;

/**
 * Follows a run's log lines and status changes (`GET /stack/run/{runId}/logs`, server-sent events
 * read with fetch so the bearer token goes along). When the connection breaks (a proxy, the
 * client's time-out, a network blip) it reconnects with the last event id, so no line is shown
 * twice or lost; a refusal by the server (an HTTP error) ends it as unavailable at once, and so
 * does a connection that keeps breaking without bringing a single event.
 */
export async function followRunEvents(
  client: ApiClient,
  runId: string,
  handlers: RunEventHandlers,
  signal: AbortSignal,
  { retryDelaysMs = defaultRetryDelaysMs }: FollowRunEventsOptions = {},
): Promise<RunEventsEnd> {
  let lastSeq: number | null = null;
  let failures = 0;
  let lastError: unknown;
  for (;;) {
    if (signal.aborted) return { kind: 'aborted' };
    let ended = false;
    let progressed = false;
    try {
      const response = await openEventStream(client, runId, lastSeq, signal);
      handlers.onConnection?.('live');
      const reading = readEventStream(response, (event) => {
        progressed = true;
        if (event.event === 'end') ended = true;
        else if (event.event === 'log') {
          const line = parse<RunLogLine>(event);
          if (line && (lastSeq === null || line.seq > lastSeq)) {
            lastSeq = line.seq;
            handlers.onLog(line);
          }
        } else if (event.event === 'status') {
          const status = parse<RunStatusEvent>(event);
          if (status) handlers.onStatus(status);
        }
      });
      // Aborting the fetch ends the body's reads in a browser; the race makes leaving immediate everywhere.
      const result = await Promise.race([reading, aborted(signal)]);
      if (ended) return { kind: 'ended' };
      if (signal.aborted || result === null) return { kind: 'aborted' };
      lastError = result.reason;
    } catch (error) {
      if (signal.aborted) return { kind: 'aborted' };
      // An answer of the server (404, 403, 501…) will not change by asking again.
      if (isApiError(error) && error.kind !== 'network') return { kind: 'unavailable', error };
      lastError = error;
    }
    failures = progressed ? 1 : failures + 1;
    const delay = retryDelaysMs[failures - 1];
    if (delay === undefined) return { kind: 'unavailable', error: lastError };
    handlers.onConnection?.('reconnecting');
    await sleep(delay, signal);
  }
}

function parse<T>(event: ServerSentEvent): T | null {
  try {
    return JSON.parse(event.data) as T;
  } catch {
    return null;
  }
}

function aborted(signal: AbortSignal): Promise<null> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(null);
    else signal.addEventListener('abort', () => resolve(null), { once: true });
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
