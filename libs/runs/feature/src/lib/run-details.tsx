import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Banner, CopyButton } from '@terrace/design-system';
import { approvalsNeeded, formatDuration } from '@terrace/domain';
import { runPaths, type Deployment, type DeploymentApprovalRule, type RunBlockedBy, type RunDetail } from '@terrace/runs/data-access';
import { initiatorTypeLabels, taskTypeLabels } from '@terrace/runs/ui';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

const linkClass = 'font-medium text-primary-subtle-foreground hover:underline';

/** Who started the run, from what code, with which engine, when and for how long. */
export function RunOverview({ run }: { run: RunDetail }) {
  const { t, i18n } = useLingui();
  const initiator = run.initiator;
  const initiatorType = initiator ? initiatorTypeLabels[initiator.userType] : undefined;
  const source = initiator?.externalSource;
  // The server answers an empty gitInfo for a run of a stack without a repository.
  const git = run.gitInfo?.repoName || run.gitInfo?.branch || run.gitInfo?.headSha ? run.gitInfo : undefined;
  const task = run.config?.taskToExecute;
  const version = run.iacVersion?.terraformVersion ?? run.iacVersion?.opentofuVersion ?? run.iacVersion?.terragruntVersion;
  const engine = { terraform: t`Terraform`, opentofu: t`OpenTofu`, terragrunt: t`Terragrunt` }[run.iacType ?? 'terraform'];
  return (
    <dl className="divide-y divide-border">
      <Row label={t`Stack`}>
        <Link className={linkClass} to={runPaths.stackRuns(run.stackId)}>
          {run.stackName ?? run.stackId}
        </Link>
      </Row>
      <Row label={t`Run id`}>
        <span className="inline-flex items-center gap-1 font-mono" dir="ltr">
          {run.id}
          <CopyButton text={run.id} label={t`Copy the run id`} successMessage={t`Run id copied.`} />
        </span>
      </Row>
      <Row label={t`Started by`}>
        {initiator ? (
          <span className="inline-flex flex-wrap items-center gap-2">
            {initiator.userName ?? initiator.username ?? t`Unknown`}
            {initiator.username && initiator.userName && initiator.username !== initiator.userName && (
              <span className="text-muted-foreground">{initiator.username}</span>
            )}
            {initiatorType && <Badge tone="neutral" size="sm">{i18n._(initiatorType)}</Badge>}
            {initiator.isBot && <Badge tone="outline" size="sm">{t`bot`}</Badge>}
            {source && <span className="text-muted-foreground">{t`via ${source}`}</span>}
          </span>
        ) : (
          t`Unknown`
        )}
      </Row>
      <Row label={t`Code`}>
        {git ? (
          <span className="flex flex-col gap-0.5">
            <span className="font-mono" dir="ltr">
              {[git.repoName, git.branch].filter(Boolean).join(' · ')}
              {git.headSha && ` @ ${git.headSha.slice(0, 7)}`}
            </span>
            {git.commitSubject && <span className="text-muted-foreground">{git.commitSubject}</span>}
          </span>
        ) : (
          t`No commit recorded`
        )}
      </Row>
      <Row label={t`Engine`}>{version ? `${engine} ${version}` : engine}</Row>
      {task && (
        <Row label={t`Task`}>
          <span className="flex flex-col gap-1">
            <span>{i18n._(taskTypeLabels[task.taskType])}</span>
            <TaskArguments task={task} />
          </span>
        </Row>
      )}
      <Row label={t`Started`}>
        <time dateTime={run.createdAt} dir="auto">
          {i18n.date(run.createdAt, { dateStyle: 'medium', timeStyle: 'medium' })}
        </time>
      </Row>
      <Row label={t`Duration`}>{run.durationInMs !== undefined ? i18n._(formatDuration(run.durationInMs)) : run.isActive ? t`Still running` : t`Not recorded`}</Row>
    </dl>
  );
}

function TaskArguments({ task }: { task: NonNullable<NonNullable<RunDetail['config']>['taskToExecute']> }) {
  const { t } = useLingui();
  const mono = 'font-mono text-xs';
  if ('lockId' in task) {
    const lockId = task.lockId;
    return <span className={mono} dir="ltr">{t`Lock ${lockId}`}</span>;
  }
  if ('resourcesAddresses' in task)
    return (
      <ul className={mono} dir="ltr">
        {task.resourcesAddresses.map((address) => (
          <li key={address}>{address}</li>
        ))}
      </ul>
    );
  if ('resources' in task)
    return (
      <ul className={mono} dir="ltr">
        {task.resources.map((resource) => (
          <li key={resource.resourceAddress}>
            {resource.resourceAddress} ← {resource.importId}
          </li>
        ))}
      </ul>
    );
  return <span>{task.mode === 'Apply' ? t`Refresh and save the state` : t`Refresh, showing the changes only`}</span>;
}

/** Why a waiting run has not started (design §5.2: "Waiting for …" with a link to the blocker), and its place in the queue. */
export function RunWaiting({ run }: { run: RunDetail }) {
  const { t } = useLingui();
  if (run.status !== 'notStarted' && run.status !== 'queued') return null;
  const runLink = (id: string) => {
    const path = runPaths.ofId(id);
    return path ? (
      <Link key={id} className={linkClass} to={path}>
        <span dir="ltr">{id}</span>
      </Link>
    ) : (
      <span key={id} dir="ltr">
        {id}
      </span>
    );
  };
  const reason = (blocker: RunBlockedBy): ReactNode => {
    switch (blocker.kind) {
      case 'stackMutex': {
        const holder = blocker.runId ? runLink(blocker.runId) : t`another run`;
        return <Trans>Waiting for {holder} to finish: it holds this stack.</Trans>;
      }
      case 'upstream': {
        const runs = (blocker.runIds ?? []).map((id, index) => (
          <Fragment key={id}>
            {index > 0 && ', '}
            {runLink(id)}
          </Fragment>
        ));
        return <Trans>Waiting for runs of the stacks this one depends on: {runs}</Trans>;
      }
      case 'stackRunLock':
        return t`Waiting: runs of this stack are locked.`;
      case 'runnerCapacity': {
        const group = blocker.groupId ?? '';
        return t`Waiting for a free runner in group ${group}.`;
      }
      case 'noRunnerOnline': {
        const group = blocker.groupId ?? '';
        return t`Waiting for a runner of group ${group} to come online.`;
      }
      case 'approval':
        return t`Waiting for approval.`;
    }
  };
  const position = run.positionInQueue;
  return (
    <Banner tone="info" role="status" title={run.blockedBy ? reason(run.blockedBy) : run.status === 'queued' ? t`Waiting for a runner.` : t`Waiting to start.`}>
      {position !== undefined && (
        <p>
          <Plural value={position} one="Next in the queue." other="Number # in the queue." />
        </p>
      )}
    </Banner>
  );
}

/** A deployment's approvals: how many its policy asks for, who gave theirs, until when. */
export function RunApprovals({ run }: { run: Deployment }) {
  const { t, i18n } = useLingui();
  const rules = run.approvalRules ?? [];
  const received = run.approvals ?? [];
  const auto = rules.length > 0 && rules.every((rule) => rule.type === 'autoApprove');
  if (auto && received.length === 0) return null;
  const required = approvalsNeeded(rules);
  const count = received.length;
  const deadline = run.approvalDeadlineAt ? i18n.date(run.approvalDeadlineAt, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  const ruleText = (rule: DeploymentApprovalRule) => {
    switch (rule.type) {
      case 'requireApproval':
        return t`one approval`;
      case 'requireTwoApprovals':
        return t`two approvals from different people`;
      case 'requireTeamsApproval': {
        const teams = (rule.parameters?.teams ?? []).join(', ');
        return t`one member of each team: ${teams}`;
      }
      case 'autoApprove':
        return t`approved automatically`;
    }
  };
  const policy = (rules.length > 0 ? rules : [{ type: 'requireApproval' as const }]).map(ruleText).join(' · ');
  return (
    <section aria-labelledby="run-approvals" className="flex flex-col gap-2 rounded-lg border border-border p-4">
      <h2 id="run-approvals" className="text-base font-semibold">
        {t`Approvals`}
      </h2>
      <p className="text-sm">
        <span className="font-semibold tabular-nums">{t`${count} of ${required} approvals received`}</span>
      </p>
      <p className="text-sm text-muted-foreground">{t`The policy asks for: ${policy}`}</p>
      {received.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {received.map(({ userName: approver, approvedAt }) => (
            <li key={`${approver}-${approvedAt}`}>
              {t`Approved by ${approver}`}{' '}
              <time className="text-muted-foreground" dateTime={approvedAt} dir="auto">
                {i18n.date(approvedAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </li>
          ))}
        </ul>
      )}
      {deadline && run.status === 'waitingForApproval' && (
        <p className="text-sm text-muted-foreground">{t`Without enough approvals by ${deadline}, the deployment times out.`}</p>
      )}
    </section>
  );
}
