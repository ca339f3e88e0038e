import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@terrace/design-system';
import { driftQueries, isJobFinished, useSettleDriftJob, type JobStatus } from '@terrace/drift/data-access';
import { useApiClient } from '@terrace/session';
import { ExternalLink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { driftStateLabels, driftStateOf } from './drift-labels';
import { driftPaths } from './drift-paths';

// What follows a drift detection or remediation once the user started one: its polling, how it
// ended, and the links to what it made. The buttons load it then (drift-detection-button.tsx,
// remediate-drift-button.tsx): the Drift Center shows both buttons on every row.

export const jobStatusLabels: Record<JobStatus, MessageDescriptor> = {
  queued: msg`Queued`,
  inProgress: msg`In progress`,
  succeeded: msg`Succeeded`,
  failed: msg`Failed`,
  canceled: msg`Canceled`,
};

interface JobProgressProps {
  stack: { id: string; name: string };
  /** Whether the job still runs (the button shows its progress), told on every change. */
  onRunningChange: (running: boolean) => void;
}

/**
 * Polls a drift detection; once it ends, the stack's state, drifts and the report are fetched
 * again and a toast says how it ended.
 */
export function DetectionProgress({ stack, detectionId, onRunningChange }: JobProgressProps & { detectionId: string }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const settle = useSettleDriftJob();
  const detection = useQuery(driftQueries.detection(client, stack.id, detectionId));
  const reported = useRef(false);
  const status = detection.data?.status;
  const running = !isJobFinished(status) && !detection.isError;
  // After every render: the button may have just said it runs again (a start answering this job).
  useEffect(() => onRunningChange(running));

  useEffect(() => {
    if (!isJobFinished(status) || reported.current) return;
    reported.current = true;
    void settle(stack.id);
    const data = detection.data;
    if (status === 'succeeded') {
      const state = i18n._(driftStateLabels[driftStateOf(data?.driftState)]);
      toast.success(t`Drift detection of ${stack.name} finished: ${state}.`);
    } else if (status === 'failed') {
      toast.error(
        t`Drift detection of ${stack.name} failed.`,
        data?.errorMessage ? { description: data.errorMessage } : undefined,
      );
    } else {
      toast.info(t`Drift detection of ${stack.name} was canceled.`);
    }
  }, [status, detection.data, settle, stack.id, stack.name, t, i18n]);
  return null;
}

/**
 * Polls a drift remediation and shows its status, with links to the deployment or the pull
 * request it made; once it ends, the stack's data is fetched again (a failure is toasted).
 */
export function RemediationProgress({ stack, remediationId, onRunningChange }: JobProgressProps & { remediationId: string }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const settle = useSettleDriftJob();
  const remediation = useQuery(driftQueries.remediation(client, stack.id, remediationId));
  const reported = useRef(false);
  const data = remediation.data;
  const status = data?.status;
  const running = !isJobFinished(status) && !remediation.isError;
  // After every render: the button may have just said it runs again (a start answering this job).
  useEffect(() => onRunningChange(running));

  useEffect(() => {
    if (!isJobFinished(status) || reported.current) return;
    reported.current = true;
    void settle(stack.id);
    if (status === 'failed')
      toast.error(
        t`Remediation of ${stack.name} failed.`,
        data?.errorMessage ? { description: data.errorMessage } : undefined,
      );
  }, [status, data?.errorMessage, settle, stack.id, stack.name, t]);

  if (!data) return null;
  const statusLabel = i18n._(jobStatusLabels[data.status]);
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-muted-foreground">
      {t`Remediation: ${statusLabel}`}
      {data.runId && (
        <Link className="text-primary-subtle-foreground hover:underline" to={driftPaths.run(data.runId)}>
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
  );
}
