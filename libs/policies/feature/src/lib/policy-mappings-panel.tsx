import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { EditButton, lazyDialog, LazyConfirmRemoval, SettingsList, toast, useActionsColumn, type EditAccess } from '@terrace/design-system';
import { severityFromGroupSeverity } from '@terrace/domain';
import {
  policiesQueries,
  policyPaths,
  useDeletePolicyMappingMutation,
  useSavePolicyMappingMutation,
  type PolicyMapping,
  type PolicySubject,
} from '@terrace/policies/data-access';
import { enforcementLabels } from '@terrace/policies/ui';
import { useApiClient } from '@terrace/session';
import { MapPin, Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { PolicyMappingDialogProps } from './policy-mapping-dialog';

// The form that applies a policy or a group to a target (a dialog, radio choices, selects and the
// mapping's checks with zod): loaded the first time it opens.
const PolicyMappingDialog = lazyDialog<PolicyMappingDialogProps>(() => import('./policy-mapping-dialog').then((m) => m.PolicyMappingDialog));

export interface PolicyMappingsPanelProps {
  subject: PolicySubject;
  access: EditAccess;
  /** A group's policies, for per-stack overrides. */
  groupPolicies?: { id: string; name: string }[];
}

const keyOf = (mapping: PolicyMapping) => `${mapping.targetType}:${mapping.targetId}`;

/** Where a policy or a group applies: each namespace or stack with its enforcement, to add, change or remove. */
export function PolicyMappingsPanel({ subject, access, groupPolicies }: PolicyMappingsPanelProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const query = useQuery(policiesQueries.mappings(client, subject));
  // Names of the targets: the first page of each list, enough for a readable table; an unknown id shows as itself.
  const namespaces = useQuery(policiesQueries.targetOptions(client, 'namespace', ''));
  const stacks = useQuery(policiesQueries.targetOptions(client, 'stack', ''));
  const names = useMemo(() => new Map([...(namespaces.data ?? []), ...(stacks.data ?? [])].map((o) => [o.id, o.name])), [namespaces.data, stacks.data]);
  const save = useSavePolicyMappingMutation();
  const remove = useDeletePolicyMappingMutation();
  const [editing, setEditing] = useState<PolicyMapping | 'new' | null>(null);
  const [removing, setRemoving] = useState<PolicyMapping | null>(null);
  const actions = useActionsColumn<PolicyMapping>((mapping) => (
    <>
      <EditButton row access={access} aria-label={t`Change ${names.get(mapping.targetId) ?? mapping.targetId}`} onClick={() => setEditing(mapping)}>
        <Pencil aria-hidden />
      </EditButton>
      <EditButton row access={access} aria-label={t`Remove ${names.get(mapping.targetId) ?? mapping.targetId}`} onClick={() => setRemoving(mapping)}>
        <Trash2 aria-hidden />
      </EditButton>
    </>
  ));
  const columns = useMemo<ColumnDef<PolicyMapping, unknown>[]>(() => {
    const severityLabels = { minor: t`Minor`, moderate: t`Moderate`, major: t`Major`, critical: t`Critical` };
    return [
      {
        id: 'target',
        header: t`Target`,
        cell: ({ row }) => {
          const { targetId, targetType } = row.original;
          const href = targetType === 'namespace' ? policyPaths.namespace(targetId) : policyPaths.stack(targetId);
          return (
            <span className="flex flex-col">
              <Link className="font-medium text-primary-subtle-foreground hover:underline" to={href}>
                {names.get(targetId) ?? targetId}
              </Link>
              <span className="text-xs text-muted-foreground">{targetType === 'namespace' ? t`Namespace` : t`Stack`}</span>
            </span>
          );
        },
      },
      {
        id: 'enforcement',
        header: t`Enforcement`,
        cell: ({ row }) => {
          const mapping = row.original;
          if ('bySeverity' in mapping && mapping.bySeverity) {
            const by = mapping.bySeverity;
            return (
              <span className="flex flex-col text-sm">
                <span className="font-medium">{t`By severity`}</span>
                {(['low', 'medium', 'high', 'critical'] as const).map((severity) => {
                  const level = by[severity];
                  return level ? (
                    <span key={severity} className="text-xs text-muted-foreground">
                      {severityLabels[severityFromGroupSeverity(severity)]}: {i18n._(enforcementLabels[level])}
                    </span>
                  ) : null;
                })}
              </span>
            );
          }
          return mapping.enforcementLevel ? i18n._(enforcementLabels[mapping.enforcementLevel]) : '—';
        },
      },
      ...(subject.kind === 'group'
        ? [
            {
              id: 'overrides',
              header: t`Stack overrides`,
              cell: ({ row }: { row: { original: PolicyMapping } }) => {
                const overrides = 'overrideEnforcements' in row.original ? (row.original.overrideEnforcements ?? []) : [];
                return overrides.length === 0 ? '—' : i18n.number(overrides.length);
              },
            } satisfies ColumnDef<PolicyMapping, unknown>,
          ]
        : []),
      actions,
    ];
  }, [t, i18n, names, subject.kind, actions]);

  return (
    <SettingsList
      aria-label={t`Where it applies`}
      query={query}
      items={query.data}
      access={access}
      columns={columns}
      getRowId={keyOf}
      add={{ icon: MapPin, label: t`Apply to a target`, onClick: () => setEditing('new') }}
      empty={{ title: t`Not applied anywhere yet`, text: t`Apply it to a namespace or a stack to check it in their runs.` }}
    >
      <PolicyMappingDialog
        subject={subject}
        mapping={editing === 'new' || editing === null ? undefined : editing}
        groupPolicies={groupPolicies}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        onSave={async (mapping) => {
          await save.mutateAsync({ mapping, existing: editing !== 'new' });
          toast.success(t`Saved where it applies.`);
        }}
      />
      <LazyConfirmRemoval
        target={removing}
        onClose={() => setRemoving(null)}
        title={(mapping) => t`Stop applying it to ${names.get(mapping.targetId) ?? mapping.targetId}?`}
        description={t`Runs of the target's stacks will no longer check it.`}
        confirmLabel={t`Remove`}
        onConfirm={async (mapping) => {
          await remove.mutateAsync(mapping);
          toast.success(t`Removed.`);
        }}
      />
    </SettingsList>
  );
}
