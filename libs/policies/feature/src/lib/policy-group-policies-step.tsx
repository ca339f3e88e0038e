import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, ErrorState, Label, OptionSelect, Skeleton, Stack, useController, useFieldError } from '@terrace/design-system';
import { severityFromGroupSeverity } from '@terrace/domain';
import { policiesQueries, policyGroupSeverities, type GroupSeverity } from '@terrace/policies/data-access';
import { policyTypeLabels } from '@terrace/policies/ui';
import { useApiClient } from '@terrace/session';
import { useId } from 'react';
import type { PolicyGroupFormValues } from './policy-group-form';

/** The group's policies, each with its severity (minor, moderate, major, critical). */
export function PolicyGroupPoliciesStep() {
  const { t, i18n } = useLingui();
  const id = useId();
  const client = useApiClient();
  const policies = useQuery(policiesQueries.list(client, { includeManaged: true }));
  const { field } = useController<PolicyGroupFormValues, 'controlPolicies'>({ name: 'controlPolicies' });
  const error = useFieldError('controlPolicies');
  const chosen = new Map(field.value.map((entry) => [entry.controlPolicyId, entry.severity]));
  const severityLabels = { minor: t`Minor`, moderate: t`Moderate`, major: t`Major`, critical: t`Critical` };
  const severityOptions = policyGroupSeverities.map((option) => ({ value: option, label: severityLabels[severityFromGroupSeverity(option)] }));
  const toggle = (controlPolicyId: string, on: boolean) =>
    field.onChange(on ? [...field.value, { controlPolicyId, severity: 'medium' as GroupSeverity }] : field.value.filter((entry) => entry.controlPolicyId !== controlPolicyId));
  const setSeverity = (controlPolicyId: string, severity: GroupSeverity) =>
    field.onChange(field.value.map((entry) => (entry.controlPolicyId === controlPolicyId ? { ...entry, severity } : entry)));

  if (policies.isPending) return <Skeleton className="h-48 w-full" />;
  if (policies.isError) return <ErrorState error={policies.error} onRetry={() => void policies.refetch()} retrying={policies.isFetching} />;
  if (policies.data.length === 0) return <p className="text-sm text-muted-foreground">{t`There is no policy to group yet: create a policy first.`}</p>;
  return (
    <fieldset className="flex max-w-3xl flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">{t`Policies and their severity`}</legend>
      <Stack gap={2}>
        {policies.data.map((policy) => {
          const severity = chosen.get(policy.id);
          return (
            <div key={policy.id} className="grid items-center gap-3 rounded-md border border-border p-3 sm:grid-cols-[auto_1fr_12rem]">
              <Checkbox id={`${id}-${policy.id}`} checked={severity !== undefined} onCheckedChange={(on) => toggle(policy.id, on === true)} />
              <Label htmlFor={`${id}-${policy.id}`} className="flex flex-col items-start">
                <span>{policy.name}</span>
                <span className="text-xs font-normal text-muted-foreground">{i18n._(policyTypeLabels[policy.type])}</span>
              </Label>
              {severity && (
                <OptionSelect
                  aria-label={t`Severity of ${policy.name}`}
                  value={severity}
                  onValueChange={(value) => setSeverity(policy.id, value as GroupSeverity)}
                  options={severityOptions}
                />
              )}
            </div>
          );
        })}
      </Stack>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-subtle-foreground">
          {error}
        </p>
      )}
    </fieldset>
  );
}
