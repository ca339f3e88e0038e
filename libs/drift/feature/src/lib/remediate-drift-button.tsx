import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EditButton, lazyDialog, toast, type EditAccess } from '@terrace/design-system';
import {
  driftQueries,
  isJobFinished,
  useSettleDriftJob,
  useStartDriftRemediationMutation,
} from '@terrace/drift/data-access';
import { useApiClient } from '@terrace/session';
import { ExternalLink, Wrench } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDriftAccess } from './drift-access';
import { driftStateOf, jobStatusLabels } from './drift-labels';
import { driftPaths } from './drift-paths';

// The dialog (Radix dialog, radio group, checkboxes) loads when it first opens: the drift center
// shows this button on every row.
const RemediateDriftDialog = lazyDialog(() =>
  import('./remediate-drift-dialog').then((m) => m.RemediateDriftDialog),
);

export interface RemediateDriftButtonProps {
  stack: { id: string; name: string; namespaceId: string; driftState?: string };
  /** Only these resources (the stack's drift details); all drifted resources when absent. */
  resourceAddresses?: string[];
  row?: boolean;
}

/**
 * Remediates a drifted stack (POST /stack/driftRemediation): deploy the code over the drift, or
 * accept the cloud's values through a refresh-only deployment. Then polls the remediation and links to the
 * deployment or the pull request it made. Disabled, with the reason, for a stack without drift
 * or a user who may not deploy it.
 */
export function RemediateDriftButton({
  stack,
  resourceAddresses,
  row = false,
}: RemediateDriftButtonProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const permission = useDriftAccess(stack.namespaceId).remediate;
  const start = useStartDriftRemediationMutation();
  const settle = useSettleDriftJob();
  const [open, setOpen] = useState(false);
  const [remediationId, setRemediationId] = useState<string | null>(null);
  const remediation = useQuery({
    ...driftQueries.remediation(client, stack.id, remediationId ?? ''),
    enabled: remediationId !== null,
  });
  const reported = useRef<string | null>(null);

  const drifted = driftStateOf(stack.driftState) === 'drifted';
  const access: EditAccess = !permission.canEdit
    ? permission
    : drifted
      ? { canEdit: true, readOnlyReason: '' }
      : {
          canEdit: false,
          readOnlyReason: t`Nothing to remediate: no drift was found on this stack.`,
        };

  const data = remediation.data;
  const status = data?.status;
  useEffect(() => {
    if (!remediationId || !isJobFinished(status) || reported.current === remediationId) return;
    reported.current = remediationId;
    void settle(stack.id);
    if (status === 'failed')
      toast.error(
        t`Remediation of ${stack.name} failed.`,
        data?.errorMessage ? { description: data.errorMessage } : undefined,
      );
  }, [remediationId, status, data?.errorMessage, settle, stack.id, stack.name, t]);

  const running = remediationId !== null && !isJobFinished(status) && !remediation.isError;
  const statusLabel = data ? i18n._(jobStatusLabels[data.status]) : '';

  return (
    <>
      {row ? (
        <EditButton
          access={access}
          row
          variant="ghost"
          size="icon"
          loading={running}
          aria-label={t`Remediate drift of ${stack.name}`}
          onClick={() => setOpen(true)}
        >
          <Wrench aria-hidden />
        </EditButton>
      ) : (
        <EditButton
          access={access}
          variant={'primary'}
          loading={running}
          onClick={() => setOpen(true)}
        >
          <Wrench aria-hidden />
          {t`Remediate`}
        </EditButton>
      )}
      {remediationId && data && (
        <span
          role="status"
          className="inline-flex items-center gap-2 text-sm text-muted-foreground"
        >
          {t`Remediation: ${statusLabel}`}
          {data.runId && (
            <Link
              className="text-primary-subtle-foreground hover:underline"
              to={driftPaths.run(data.runId)}
            >
              {t`Open the run`}
            </Link>
          )}
          {data.pullRequestUrl && (
            <a
              className="inline-flex items-center gap-1 text-primary-subtle-foreground hover:underline"
              href={data.pullRequestUrl}
              target="_blank"
              rel="noreferrer"
            >
              {t`Open the pull request`}
              <ExternalLink aria-hidden className="size-3 rtl:-scale-x-100" />
            </a>
          )}
        </span>
      )}
      <RemediateDriftDialog
        open={open}
        onOpenChange={setOpen}
        stack={stack}
        resourceAddresses={resourceAddresses}
        pending={start.isPending}
        onStart={(mode, chosen) =>
          start
            .mutateAsync({
              stackId: stack.id,
              mode,
              ...(chosen.length > 0 ? { resourceAddresses: chosen } : {}),
            })
            .then(
              (started) => {
                reported.current = null;
                setRemediationId(started.driftRemediationId);
                setOpen(false);
                toast.success(
                  mode === 'deploy'
                    ? t`Remediation started: a deployment of ${stack.name}.`
                    : t`Remediation started: a refresh-only deployment of ${stack.name}.`,
                );
              },
              () => undefined,
            )
        }
      />
    </>
  );
}
