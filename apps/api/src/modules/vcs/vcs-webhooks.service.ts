import { CM_DEFAULT_RUNNER_GROUP } from '@terrace/domain';
import type { Comparison, CompareOptions } from '@terrace/git';
import type { FastifyBaseLogger } from 'fastify';
import type { Schemas } from '../../http/contract-types';
import { DomainError, unauthenticated } from '../../http/domain-error';
import { recordAudit, type AuditInitiator } from '../audit/audit.service';
import { auditEntityOf } from '../runs/run-jobs.service';
import { beginRun, inRunsTransaction, systemActor, type NewRun } from '../runs/run-state.service';
import type { RunsDeps } from '../runs/runs.service';
import { stacksOfVcsProvider, type StackForRuns } from '../stacks/stack-runs.service';
import { triggeringFiles } from './run-trigger-patterns';
import { repositoryRemote } from './vcs-repos.service';
import { findDelivery, findProviderAnywhere, insertDeliveryIfAbsent, insertPullRequestComment, updateDeliveryRuns, type VcsProviderRow } from './vcs.repository';
import { openWebhookSecret, type VcsDeps } from './vcs.service';
import {
  closedPullRequestOf,
  type ClosedPullRequest,
  parseDelivery,
  pushesOf,
  webhookAuthentic,
  webhookFamilyOf,
  type EventSender,
  type PullRequestEvent,
  type PushEvent,
  type WebhookFamily,
} from './webhook-events';

// The webhook receiver (POST /vcs/webhook/{providerType}) and the run triggers it drives: the
// code host proves itself with the provider's secret; a push to a stack's branch whose changed
// files match the stack's run-trigger patterns starts a deployment (deployOnPush), a pull request
// opened or updated against a stack's branch starts a plan (planOnPr) whose summary is posted back
// (pr-comments.service.ts). Runs are made by the runs domain's own beginRun, audited as the code
// host's user; a delivery is recorded with its runs in one transaction, so a redelivery starts
// nothing again.

type VcsType = Schemas['VcsType'];

export interface WebhookDeps extends VcsDeps {
  runs: RunsDeps;
  logger?: FastifyBaseLogger | undefined;
  /** Told of every new push (stack discovery re-scans the repositories); its failure never fails the delivery. */
  onPush?: ((organizationId: string, providerId: string, pushes: { repoNames: string[]; branch: string }[]) => Promise<unknown>) | undefined;
  /** A pull request of one of the provider's repositories was closed, merged or not (blueprint stacks wait for theirs). */
  onPullRequestClosed?: ((event: ClosedPullRequest & { organizationId: string; providerId: string }) => Promise<unknown>) | undefined;
}

export interface WebhookRequest {
  providerType: VcsType;
  providerId: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  rawBody: Buffer | undefined;
  payload: unknown;
}

export interface WebhookOutcome {
  /** The runs this delivery started (none for a redelivery or an event that changes nothing). */
  runIds: string[];
  /** Why nothing was started, when nothing was. */
  ignored?: string;
}

const refused = () => unauthenticated('The webhook signature does not match the provider’s webhook secret');

const initiatorTypes: Record<WebhookFamily, Schemas['InitiatorType']> = {
  github: 'github',
  gitlab: 'gitlab',
  bitbucketCloud: 'bitbucket',
  bitbucketDataCenter: 'bitbucketDataCenter',
  azureDevops: 'azureDevops',
};

const triggerInfoKeys: Record<WebhookFamily, keyof Schemas['TriggerInfo']> = {
  github: 'githubPullRequestNumber',
  gitlab: 'gitlabMergeRequestIid',
  bitbucketCloud: 'bitbucketPullRequestId',
  bitbucketDataCenter: 'bitbucketDataCenterPullRequestId',
  azureDevops: 'azureDevopsPullRequestId',
};

const hostNames: Record<WebhookFamily, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  bitbucketCloud: 'Bitbucket',
  bitbucketDataCenter: 'Bitbucket Data Center',
  azureDevops: 'Azure DevOps',
};

/** Checks the delivery's signature, then starts the runs it calls for. */
export async function receiveVcsWebhook(deps: WebhookDeps, request: WebhookRequest): Promise<WebhookOutcome> {
  const provider = await findProviderAnywhere(deps.db, request.providerId);
  // An unknown provider, one of another type, one without a secret yet, and a wrong signature
  // all answer the same 401: a caller without the secret learns nothing.
  const secret = provider && provider.type === request.providerType ? openWebhookSecret(deps, provider) : null;
  const family = webhookFamilyOf(request.providerType);
  if (!provider || secret === null || !request.rawBody || !webhookAuthentic(family, secret, request.headers, request.rawBody)) {
    deps.logger?.info({ providerId: request.providerId, providerType: request.providerType }, 'VCS webhook refused: signature does not match');
    throw refused();
  }
  const parsed = parseDelivery(family, request.headers, request.rawBody, request.payload, {
    githubOrganization: provider.metadata.githubMetadata?.orgName,
  });
  const closed = deps.onPullRequestClosed ? closedPullRequestOf(family, request.headers, request.payload, provider.metadata.githubMetadata?.orgName) : null;
  if (closed && deps.onPullRequestClosed) {
    await deps.onPullRequestClosed({ ...closed, organizationId: provider.organizationId, providerId: provider.id });
  }
  if (parsed.event.kind === 'ignored') {
    deps.logger?.debug({ providerId: provider.id, event: parsed.eventName, reason: parsed.event.reason }, 'VCS webhook ignored');
    return { runIds: [], ignored: parsed.event.reason };
  }
  const organizationId = provider.organizationId;
  const seen = await inRunsTransaction(deps.db, organizationId, deps.runs, (t) => findDelivery(t.scope, provider.id, parsed.deliveryKey));
  if (seen) return { runIds: [], ignored: 'A delivery already received' };

  const repoNames = new Set(parsed.event.repoNames.map((n) => n.toLowerCase()));
  const stacks = (await stacksOfVcsProvider(deps.db, organizationId, provider.id)).filter((s) => repoNames.has((s.data.vcsInfo?.repoName ?? '').toLowerCase()));
  const starts: RunStart[] = [];
  if (parsed.event.kind === 'push') {
    const pushes = pushesOf(family, parsed, request.payload);
    if (deps.onPush) {
      await deps.onPush(organizationId, provider.id, pushes.map((p) => ({ repoNames: p.repoNames, branch: p.branch }))).catch((error: unknown) => {
        deps.logger?.warn({ providerId: provider.id, err: String(error) }, 'A push listener failed');
      });
    }
    for (const push of pushes) starts.push(...(await pushStarts(deps, provider, stacks, push)));
  } else {
    starts.push(...(await pullRequestStarts(deps, provider, stacks, parsed.event)));
  }

  const runIds = await inRunsTransaction(deps.db, organizationId, deps.runs, async (t) => {
    // The delivery and its runs commit together: a redelivery racing this one waits on the row, then finds it.
    if (!(await insertDeliveryIfAbsent(t.scope, { providerId: provider.id, deliveryKey: parsed.deliveryKey, event: parsed.eventName, runIds: [] }))) return [];
    const ids: string[] = [];
    for (const start of starts) {
      const run = await beginRun(t, newRunOf(family, request.providerType, start), systemActor);
      await recordAudit(t.scope, auditInitiatorOf(family, request.providerType, start.sender), {
        entityType: auditEntityOf(run.kind),
        entityId: run.id,
        entityName: start.stack.name,
        action: 'create',
      });
      if (start.pullRequest !== undefined) {
        await insertPullRequestComment(t.scope, {
          runId: run.id,
          providerId: provider.id,
          stackId: start.stack.id,
          repoName: start.stack.data.vcsInfo?.repoName ?? '',
          pullRequest: start.pullRequest,
        });
      }
      ids.push(run.id);
    }
    if (ids.length) await updateDeliveryRuns(t.scope, provider.id, parsed.deliveryKey, ids);
    return ids;
  });
  deps.logger?.info({ providerId: provider.id, event: parsed.eventName, runIds }, 'VCS webhook received');
  return runIds.length ? { runIds } : { runIds, ignored: 'No stack’s branch, capability and run-trigger patterns match' };
}

interface RunStart {
  kind: 'deployment' | 'plan';
  stack: StackForRuns;
  branch: string;
  headSha: string;
  commitSubject?: string | undefined;
  pullRequest?: number;
  sender: EventSender;
}

/** The branch a stack runs from (the run's own default when the stack names none). */
const stackBranch = (stack: StackForRuns) => stack.data.vcsInfo?.branch ?? 'main';
const enabled = (stack: StackForRuns, capability: 'deployOnPush' | 'planOnPr') => stack.settings.capabilities[capability].status === 'enabled';

async function compare(deps: WebhookDeps, provider: VcsProviderRow, repoName: string, options: CompareOptions): Promise<Comparison> {
  try {
    const remote = await repositoryRemote(deps, provider.organizationId, provider.id, repoName);
    return await deps.git.compare(remote, { ...options, signal: AbortSignal.timeout(120_000) });
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new DomainError('conflict', `The changed files of ${repoName} could not be read: ${cause}`);
  }
}

async function pushStarts(deps: WebhookDeps, provider: VcsProviderRow, stacks: StackForRuns[], push: PushEvent): Promise<RunStart[]> {
  const candidates = stacks.filter((s) => stackBranch(s) === push.branch && enabled(s, 'deployOnPush'));
  if (!candidates.length) return [];
  let files = push.changedFiles;
  let subject = push.commitSubject;
  if (files === null || subject === undefined) {
    const repoName = candidates[0]?.data.vcsInfo?.repoName ?? '';
    const comparison = await compare(deps, provider, repoName, {
      mode: 'direct',
      base: push.before ? { commit: push.before } : null,
      head: { commit: push.after },
    });
    files ??= comparison.files;
    subject ??= comparison.headSubject;
  }
  const changed = files;
  return candidates
    .filter((stack) => triggeringFiles(changed, stack.data.vcsInfo?.path, stack.data.runTrigger).length > 0)
    .map((stack) => ({ kind: 'deployment', stack, branch: push.branch, headSha: push.after, commitSubject: subject, sender: push.sender }));
}

const fullSha = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

async function pullRequestStarts(deps: WebhookDeps, provider: VcsProviderRow, stacks: StackForRuns[], pr: PullRequestEvent): Promise<RunStart[]> {
  const candidates = stacks.filter((s) => stackBranch(s) === pr.targetBranch && enabled(s, 'planOnPr'));
  if (!candidates.length) return [];
  const repoName = candidates[0]?.data.vcsInfo?.repoName ?? '';
  // What the pull request changed since it left its target; by commit when the host names the
  // head in full (a fork's commits are reachable from the base repository), else by branch.
  const head = pr.headSha && fullSha.test(pr.headSha) ? { commit: pr.headSha } : { branch: pr.sourceBranch };
  const comparison = await compare(deps, provider, repoName, { mode: 'mergeBase', base: { branch: pr.targetBranch }, head });
  return candidates
    .filter((stack) => triggeringFiles(comparison.files, stack.data.vcsInfo?.path, stack.data.runTrigger).length > 0)
    .map((stack) => ({
      kind: 'plan',
      stack,
      branch: pr.sourceBranch,
      headSha: comparison.headCommit,
      commitSubject: comparison.headSubject || pr.title,
      pullRequest: pr.number,
      sender: pr.sender,
    }));
}

function newRunOf(family: WebhookFamily, providerType: VcsType, start: RunStart): NewRun {
  const { stack } = start;
  return {
    kind: start.kind,
    namespaceId: stack.namespaceId,
    stackId: stack.id,
    stackCreatedBy: stack.createdBy,
    trigger: start.kind === 'plan' ? 'pr' : 'push',
    initiator: {
      userName: start.sender.name ?? start.sender.login ?? hostNames[family],
      ...(start.sender.login ? { username: start.sender.login } : {}),
      userType: initiatorTypes[family],
      externalSource: providerType,
    },
    gitInfo: {
      ...(stack.data.vcsInfo?.repoName ? { repoName: stack.data.vcsInfo.repoName } : {}),
      branch: start.branch,
      headSha: start.headSha.toLowerCase(),
      ...(start.commitSubject ? { commitSubject: start.commitSubject } : {}),
    },
    ...(start.pullRequest !== undefined ? { triggerInfo: { [triggerInfoKeys[family]]: start.pullRequest } } : {}),
    iacType: stack.iacType,
    iacVersion: stack.settings.iacVersion.value ?? null,
    config: { runnerGroupId: stack.settings.runnerConfig.value?.groups?.[0] ?? CM_DEFAULT_RUNNER_GROUP },
    ...(start.kind === 'deployment' ? { approvalRules: (stack.settings.deploymentApprovalPolicy.value?.rules ?? []) as unknown[] } : {}),
    createdBy: null,
  };
}

function auditInitiatorOf(family: WebhookFamily, providerType: VcsType, sender: EventSender): AuditInitiator {
  return { name: `${sender.login ?? sender.name ?? 'unknown'} (${hostNames[family]} webhook)`, type: 'external', userId: null, externalSource: providerType };
}
