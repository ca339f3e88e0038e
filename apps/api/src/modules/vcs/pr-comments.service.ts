import { isRunActive, type RunStatus } from '@terrace/domain';
import { VcsHostError } from '@terrace/vcs-hosts';
import type pg from 'pg';
import { Scope } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { RUN_STATUS_CHANNEL } from '../runs/run-jobs.service';
import { runForSystem, type RunsDeps } from '../runs/runs.service';
import { dueCommentRunIds, lockCommentThread, lockPendingComment, threadComments, updatePullRequestComment, type PullRequestCommentRow } from './vcs.repository';
import { hostCallTimeoutMs, hostOf, openProvider, type VcsDeps } from './vcs.service';

// A pull-request plan's summary, posted back on the pull request once the plan finishes: one
// comment per pull request and stack, edited by later plans. The plans to report are an outbox
// (vcs_pull_request_comments, written with the run); a run's end reaches this poster through the
// runs domain's NOTIFY on 'run_status', and a sweep retries what failed or was missed.

export interface PullRequestCommentDeps extends VcsDeps {
  runs: RunsDeps;
}

type Plan = Schemas['Plan'];

/** After this many failed attempts a comment is given up (status failed, the last error kept). */
export const MAX_COMMENT_ATTEMPTS = 6;

/** The hidden first line that marks the product's comment (a Markdown link definition renders nothing on every host). */
export const commentMarker = (stackId: string) => `[//]: # (terrace-plan ${stackId})`;

function statusLabel(status: string): string {
  const words = status.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The comment's Markdown: status, the create / update / replace / delete counts, the commit, the run page. */
export function renderPlanComment(plan: Plan, publicUrl: string): string {
  const link = `${publicUrl.replace(/\/+$/, '')}/app/plan/${encodeURIComponent(plan.id)}`;
  const summary = plan.planSummary;
  const count = (list: unknown[] | undefined) => list?.length ?? 0;
  const lines = [commentMarker(plan.stackId), `**Terrace plan** for stack **${plan.stackName ?? plan.stackId}**: ${statusLabel(plan.status)}`, ''];
  if (summary) {
    lines.push(
      '| Create | Update | Replace | Delete |',
      '| ---: | ---: | ---: | ---: |',
      `| ${count(summary.create)} | ${count(summary.update)} | ${count(summary.replace)} | ${count(summary.delete)} |`,
      '',
    );
    if (summary.hasOutputChanges) lines.push('Outputs change.', '');
  } else if (plan.status === 'succeeded') {
    lines.push('No changes.', '');
  }
  if (plan.errorSummary) lines.push(`> ${plan.errorSummary.slice(0, 500).replace(/\n/g, '\n> ')}`, '');
  const sha = plan.gitInfo?.headSha;
  lines.push(`${sha ? `Commit \`${sha.slice(0, 7)}\` · ` : ''}[Open the plan](${link})`);
  return lines.join('\n');
}

export type CommentResult = 'posted' | 'waiting' | 'superseded' | 'retry' | 'failed' | 'none';

/**
 * Posts (or edits) the comment of one plan run, if it has one pending and the run has finished.
 * The row stays locked while the host is called, so two posters never post the same comment.
 */
export async function postPlanComment(deps: PullRequestCommentDeps, runId: string): Promise<CommentResult> {
  return deps.db.transaction(async (tx) => {
    const row = await lockPendingComment(tx, runId);
    if (!row) return 'none';
    const scope = new Scope(tx, row.organizationId);
    const plan = (await runForSystem(deps.runs, row.organizationId, runId)) as Plan | undefined;
    if (!plan) {
      await updatePullRequestComment(scope, runId, { status: 'failed', lastError: 'The run no longer exists' });
      return 'failed';
    }
    if (isRunActive(plan.status as RunStatus)) {
      // The run's end wakes the poster; the sweep looks again later in case that wake-up is missed.
      await updatePullRequestComment(scope, runId, { nextAttemptAt: new Date(Date.now() + 60_000) });
      return 'waiting';
    }
    await lockCommentThread(tx, row);
    const thread = await threadComments(scope, row);
    const newerPosted = thread.some((c) => c.status === 'posted' && (c.createdAt > row.createdAt || (c.createdAt.getTime() === row.createdAt.getTime() && c.runId > row.runId)));
    if (newerPosted) {
      await updatePullRequestComment(scope, runId, { status: 'superseded' });
      return 'superseded';
    }
    const previous = thread.find((c) => c.runId !== runId && c.commentId !== null);
    try {
      const commentId = await postOrEdit(deps, row, previous, renderPlanComment(plan, deps.publicUrl));
      await updatePullRequestComment(scope, runId, { status: 'posted', commentId, lastError: null });
      return 'posted';
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const failed = attempts >= MAX_COMMENT_ATTEMPTS;
      await updatePullRequestComment(scope, runId, {
        attempts,
        lastError: message.slice(0, 1000),
        status: failed ? 'failed' : 'pending',
        // 30 s, 1 min, 2 min, 4 min, 8 min.
        nextAttemptAt: new Date(Date.now() + 30_000 * 2 ** (attempts - 1)),
      });
      return failed ? 'failed' : 'retry';
    }
  });
}

async function postOrEdit(deps: PullRequestCommentDeps, row: PullRequestCommentRow, previous: PullRequestCommentRow | undefined, body: string): Promise<string> {
  const { settings } = await openProvider(deps, row.organizationId, row.providerId);
  const host = hostOf(deps, settings, 'providerId');
  const pr = { repository: row.repoName, number: row.pullRequest };
  if (previous?.commentId) {
    try {
      await host.updatePullRequestComment(pr, previous.commentId, body, AbortSignal.timeout(hostCallTimeoutMs));
      return previous.commentId;
    } catch (error) {
      // Deleted on the host meanwhile: a new one is posted.
      if (!(error instanceof VcsHostError && error.kind === 'not-found')) throw error;
    }
  }
  return (await host.commentOnPullRequest(pr, body, AbortSignal.timeout(hostCallTimeoutMs))).id;
}

/** Posts every comment that is due (a sweep: missed wake-ups, retries); answers how many were posted. */
export async function postDueComments(deps: PullRequestCommentDeps, limit = 20): Promise<number> {
  let posted = 0;
  for (const runId of await dueCommentRunIds(deps.db, limit)) {
    if ((await postPlanComment(deps, runId)) === 'posted') posted++;
  }
  return posted;
}

export interface PlanCommenter {
  /** Resolves once every comment started so far is done (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Listens for run ends on the runs domain's 'run_status' channel (payload {runId, organizationId,
 * status}) and posts the finished plans' comments; sweeps every `sweepMs` for the rest.
 */
export async function startPlanCommenter(
  deps: PullRequestCommentDeps,
  pool: pg.Pool,
  options: { sweepMs?: number; onError?: (error: unknown) => void } = {},
): Promise<PlanCommenter> {
  const onError = options.onError ?? (() => undefined);
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  const track = (work: Promise<unknown>) => {
    const tracked = work.catch(onError).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  let client: pg.PoolClient | null = null;
  const connect = async () => {
    const c = await pool.connect();
    c.on('notification', (message) => {
      if (message.channel !== RUN_STATUS_CHANNEL || !message.payload) return;
      try {
        const { runId, status } = JSON.parse(message.payload) as { runId?: string; status?: RunStatus };
        if (runId && status && !isRunActive(status) && runId.startsWith('plan-')) track(postPlanComment(deps, runId));
      } catch (error) {
        onError(error);
      }
    });
    c.on('error', (error) => {
      // Once given back (stop, or an earlier error) the connection is the pool's: an error on it
      // (PostgreSQL shutting down) is not ours to release again.
      if (client !== c) return;
      onError(error);
      client = null;
      c.release(true);
      if (!stopped) setTimeout(() => void connect().catch(onError), 5_000).unref();
    });
    client = c;
    try {
      await c.query(`LISTEN ${RUN_STATUS_CHANNEL}`);
    } catch (error) {
      client = null;
      c.release(true);
      throw error;
    }
  };
  await connect();
  const sweep = setInterval(() => track(postDueComments(deps)), options.sweepMs ?? 30_000);
  sweep.unref();
  return {
    idle: async () => {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    async stop() {
      stopped = true;
      clearInterval(sweep);
      await Promise.all([...inFlight]);
      const c = client;
      client = null;
      if (c) {
        await c.query(`UNLISTEN ${RUN_STATUS_CHANNEL}`).catch(() => undefined);
        c.release();
      }
    },
  };
}
