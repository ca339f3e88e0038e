import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { useEffect, useRef, useState } from 'react';
import { followRunEvents, type FollowRunEventsOptions } from './run-event-stream';
import { runsKeys } from './runs.keys';
import type { RunDetail, RunDetailKind, RunStateV2, RunStatusEvent, RunStep } from './runs.types';

/** The log's connection: opening, reading, reconnecting after a break, over (the run ended), or not to be had. */
export type RunStreamStatus = 'connecting' | 'live' | 'reconnecting' | 'ended' | 'unavailable';

export interface RunEvents {
  /** The log, one entry per line (ANSI escapes kept), growing while the run writes. */
  lines: readonly string[];
  status: RunStreamStatus;
}

/**
 * A run's live log and status (ARCHITECTURE: no polling): the run's event stream is followed
 * while the page is open; each status event patches the run and its steps in the query cache,
 * so the page's badge and step timeline move with the run. When the stream ends — the run is
 * over, or the stream cannot be had — the run is fetched once more (its step results, errors
 * and plan summary), if it changed or was still active.
 */
export function useRunEvents(kind: RunDetailKind, id: string, options: FollowRunEventsOptions & { enabled?: boolean } = {}): RunEvents {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { enabled = true, retryDelaysMs } = options;
  const [lines, setLines] = useState<readonly string[]>([]);
  const [status, setStatus] = useState<RunStreamStatus>('connecting');
  // Read when a stream opens; a new array on each render must not reopen it.
  const retries = useRef(retryDelaysMs);
  retries.current = retryDelaysMs;

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    setLines([]);
    setStatus('connecting');
    // Lines arrive by the thousand when a finished run's log is replayed: they are shown once per frame.
    let pending: string[] = [];
    let frame: (() => void) | null = null;
    const flush = () => {
      frame = null;
      const batch = pending;
      pending = [];
      if (batch.length > 0) setLines((shown) => shown.concat(batch));
    };
    let changed = false;

    void followRunEvents(
      client,
      id,
      {
        onLog: (line) => {
          pending.push(...splitLines(line.text));
          frame ??= nextFrame(flush);
        },
        onStatus: (event) => {
          changed = true;
          applyStatusEvent(queryClient, kind, id, event);
          // The event carries statuses only: a run that now waits for people (its stream does not
          // end meanwhile) is read again, so the plan summary, policy results and approvals they
          // decide on are shown.
          if (waitsForPeople.has(event.status)) void queryClient.invalidateQueries({ queryKey: runsKeys.detail(kind, id) });
        },
        onConnection: (state) => setStatus(state),
      },
      controller.signal,
      { retryDelaysMs: retries.current },
    ).then((end) => {
      if (end.kind === 'aborted') return;
      frame?.();
      flush();
      setStatus(end.kind);
      const shown = queryClient.getQueryData<RunDetail>(runsKeys.detail(kind, id));
      if (changed || end.kind === 'unavailable' || shown?.isActive) {
        void queryClient.invalidateQueries({ queryKey: runsKeys.detail(kind, id) });
        void queryClient.invalidateQueries({ queryKey: runsKeys.lists() });
      }
    });
    return () => {
      controller.abort();
      frame?.();
    };
  }, [client, queryClient, kind, id, enabled]);

  return { lines, status };
}

/** A log event's text as lines: a trailing line break ends the last line rather than adding an empty one. */
export function splitLines(text: string): string[] {
  return text.replace(/\r?\n$/, '').split(/\r?\n/);
}

/** Run statuses in which the run waits for a person's decision on what its steps produced. */
const waitsForPeople = new Set<string>(['waitingForApproval', 'waitingForFailedControlPoliciesApproval', 'waitingForErrorControlPoliciesApproval']);

const stepsKey = { plan: 'planSteps', deployment: 'deploymentSteps', task: 'taskSteps' } as const;

/** The run's status, and its step's, as a status event says; the step list gains a step it did not have. */
export function applyStatusEvent(queryClient: QueryClient, kind: RunDetailKind, id: string, event: RunStatusEvent) {
  const withStep = (steps: RunStep[] | undefined): RunStep[] | undefined => {
    if (!event.step || !event.stepStatus || !steps) return steps;
    const step = { name: event.step, status: event.stepStatus };
    return steps.some((s) => s.name === event.step)
      ? steps.map((s) => (s.name === event.step ? { ...s, status: step.status } : s))
      : [...steps, step];
  };
  queryClient.setQueryData<RunDetail>(runsKeys.detail(kind, id), (run) => {
    if (!run) return run;
    const next = { ...run, status: event.status, isActive: event.isActive };
    const key = stepsKey[kind];
    const steps = (run as Partial<Record<typeof key, RunStep[]>>)[key];
    return steps ? { ...next, [key]: withStep(steps) } : next;
  });
  queryClient.setQueryData<RunStateV2>(runsKeys.state(kind, id), (state) =>
    state ? { ...state, status: event.status, isActive: event.isActive, steps: withStep(state.steps) ?? state.steps } : state,
  );
}

function nextFrame(callback: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const handle = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(handle);
  }
  const handle = setTimeout(callback, 16);
  return () => clearTimeout(handle);
}
