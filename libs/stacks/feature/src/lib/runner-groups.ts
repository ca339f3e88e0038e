import { useQuery } from '@tanstack/react-query';
import { CM_DEFAULT_RUNNER_GROUP, CM_DEFAULT_RUNNER_GROUP_NAME } from '@terrace/domain';
import { organizationQueries, type OrganizationConfiguration } from '@terrace/organization/data-access';
import { runnersQueries, type RunnerGroup } from '@terrace/runners/data-access';
import { useAccess, useApiClient } from '@terrace/session';

export interface RunnerGroupOption {
  value: string;
  label: string;
}

/**
 * The runner groups a stack may run on: the default group (spec §3: CM_DEFAULT_RUNNER_GROUP, named
 * default), the organization's runner groups (by id, shown by name), and the groups the
 * organization's runner configuration names. A group the stack already names stays offered even
 * if it is not listed.
 */
export function runnerGroupOptions(
  configuration: OrganizationConfiguration | null | undefined,
  chosen: readonly string[] = [],
  groups: readonly Pick<RunnerGroup, 'id' | 'name'>[] = [],
): RunnerGroupOption[] {
  const options: RunnerGroupOption[] = [{ value: CM_DEFAULT_RUNNER_GROUP, label: CM_DEFAULT_RUNNER_GROUP_NAME }];
  for (const group of groups) {
    if (!options.some((o) => o.value === group.id)) options.push({ value: group.id, label: group.name });
  }
  for (const group of [...(configuration?.runnerConfig?.groups ?? []), ...chosen]) {
    if (!options.some((o) => o.value === group)) options.push({ value: group, label: group });
  }
  return options;
}

/** The runner group options, read where the user may read the organization's configuration and runner groups (others see the default group). */
export function useRunnerGroupOptions(chosen: readonly string[]): { options: RunnerGroupOption[]; isPending: boolean } {
  const client = useApiClient();
  const mayRead = useAccess('orgConfiguration:read').allowed;
  const configuration = useQuery({ ...organizationQueries.configuration(client), enabled: mayRead });
  const mayListGroups = useAccess('runner:read').allowed;
  const groups = useQuery({ ...runnersQueries.groups(client, { page: 1, pageSize: 100 }), enabled: mayListGroups });
  return {
    options: runnerGroupOptions(configuration.data, chosen, groups.data?.items),
    isPending: (mayRead && configuration.isPending) || (mayListGroups && groups.isPending),
  };
}
