import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { CM_DEFAULT_RUNNER_GROUP_NAME } from '@terrace/domain';
import type { RunnerGroup, RunnerHealth } from '@terrace/runners/data-access';

/** A runner's health as the console shows it (spec: ok, warning = missing heartbeat, error = unhealthy, shuttingDown). */
export const runnerHealthLabels: Record<RunnerHealth, { label: MessageDescriptor; tone: 'success' | 'warning' | 'danger' | 'neutral' }> = {
  ok: { label: msg`Healthy`, tone: 'success' },
  warning: { label: msg`Missing heartbeat`, tone: 'warning' },
  error: { label: msg`Unhealthy`, tone: 'danger' },
  shuttingDown: { label: msg`Shutting down`, tone: 'neutral' },
};

/**
 * A group's name as the console shows it: the managed group's stored name (CM_DEFAULT_RUNNER_GROUP_NAME,
 * 'default') in the user's language, a self-hosted group's as its owners typed it.
 */
export function useRunnerGroupName(): (group: Pick<RunnerGroup, 'mode' | 'name'>) => string {
  const { t } = useLingui();
  return (group) => (group.mode === 'managed' && group.name === CM_DEFAULT_RUNNER_GROUP_NAME ? t`Default` : group.name);
}
