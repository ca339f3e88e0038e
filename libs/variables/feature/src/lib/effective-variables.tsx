import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { Badge, Banner, DataTable, EditButton, ErrorState, useActionsColumn } from '@terrace/design-system';
import { appPath, useAccess, useApiClient } from '@terrace/session';
import { variablesQueries, type EffectiveVariable, type VariableScope } from '@terrace/variables/data-access';
import { Link } from 'react-router';
import { TypeBadge, VariableFlags, VariableName, VariableValue, ScopeBadge } from './variable-cells';
import { scopeLabels, variableTypeLabels } from './variable-labels';
import type { VariableAccess } from './use-variable-access';

export interface EffectiveVariablesProps {
  stackId: string;
  access: VariableAccess;
  onReveal: (target: { variableId: string; key: string }) => void;
  /** Opens the variable dialog: an own variable to edit, or an inherited one to override on the stack. */
  onEdit: (variableId: string) => void;
  onOverride: (variable: EffectiveVariable) => void;
}

/**
 * What the stack's runs get: each variable once, the scope its value comes from (stack,
 * template, namespace, organization), the broader values it overrides, and the required ones no
 * scope gives a value (a run would not start).
 */
export function EffectiveVariables({ stackId, access, onReveal, onEdit, onOverride }: EffectiveVariablesProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const effective = useQuery(variablesQueries.effective(client, stackId));
  const canOpenOrganizationSettings = useAccess('organizationSetting').allowed;
  const missing = (effective.data ?? []).filter((v) => v.isMissing);

  const sourceLink = (v: EffectiveVariable) => {
    if (v.scope === 'organization' && canOpenOrganizationSettings) return appPath('organizationSetting', {}, { id: 'variables' });
    if (v.scope === 'namespace' && v.scopeId) return appPath('namespace', { namespaceId: v.scopeId }, { tab: 'variables' });
    return null;
  };

  const columns: ColumnDef<EffectiveVariable, unknown>[] = [
    {
      id: 'name',
      header: t`Name`,
      accessorFn: (v) => [v.key, v.displayName, v.description].filter(Boolean).join(' '),
      cell: ({ row }) => <VariableName name={row.original.key} displayName={row.original.displayName} description={row.original.description} />,
    },
    {
      id: 'value',
      header: t`Value`,
      enableSorting: false,
      enableGlobalFilter: false,
      cell: ({ row }) => (
        <VariableValue
          variableId={row.original.variableId}
          name={row.original.key}
          value={row.original.value}
          isSensitive={row.original.isSensitive && !row.original.isMissing}
          isHcl={row.original.isHcl}
          missing={row.original.isMissing}
          reveal={access.reveal}
          onReveal={onReveal}
        />
      ),
    },
    {
      id: 'type',
      header: t`Kind`,
      accessorFn: (v) => v.type,
      filterFn: 'equalsString',
      enableGlobalFilter: false,
      meta: {
        label: t`Kind`,
        filter: { type: 'select', options: (['tfVar', 'envVar'] as const).map((value) => ({ value, label: i18n._(variableTypeLabels[value].short) })) },
      },
      cell: ({ row }) => <TypeBadge type={row.original.type} />,
    },
    {
      id: 'source',
      header: t`Comes from`,
      accessorFn: (v) => v.scope,
      filterFn: 'equalsString',
      enableGlobalFilter: false,
      meta: {
        label: t`Comes from`,
        filter: {
          type: 'select',
          options: (['stack', 'template', 'namespace', 'organization'] as const satisfies readonly VariableScope[]).map((scope) => ({
            value: scope,
            label: i18n._(scopeLabels[scope]),
          })),
        },
      },
      cell: ({ row }) => {
        const link = sourceLink(row.original);
        const badge = <ScopeBadge scope={row.original.scope} own={row.original.scope === 'stack'} />;
        return link ? (
          <Link to={link} className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label={t`${i18n._(scopeLabels[row.original.scope])}: where ${row.original.key} is set`}>
            {badge}
          </Link>
        ) : (
          badge
        );
      },
    },
    {
      id: 'overrides',
      header: t`Overrides`,
      enableSorting: false,
      accessorFn: (v) => v.overrides?.map((o) => o.scope).join(' ') ?? '',
      enableGlobalFilter: false,
      cell: ({ row }) => {
        const hidden = row.original.overrides ?? [];
        if (hidden.length === 0) return <span className="text-muted-foreground">—</span>;
        return (
          <span className="flex flex-wrap gap-1">
            {hidden.map((o) => (
              <Badge key={o.variableId} size="sm" tone="outline" className="text-muted-foreground line-through decoration-1">
                {i18n._(scopeLabels[o.scope])}
              </Badge>
            ))}
          </span>
        );
      },
    },
    {
      id: 'flags',
      header: t`Properties`,
      enableSorting: false,
      enableGlobalFilter: false,
      cell: ({ row }) => (
        <VariableFlags isSensitive={row.original.isSensitive} isHcl={row.original.isHcl} isRequired={row.original.isRequired} isOverridable={row.original.isOverridable} />
      ),
    },
    useActionsColumn((v) =>
      v.scope === 'stack' ? (
        <EditButton row access={access.edit} aria-label={t`Edit ${v.key}`} onClick={() => onEdit(v.variableId)}>
          {t`Edit`}
        </EditButton>
      ) : (
        <EditButton
          row
          access={v.isOverridable ? access.edit : { canEdit: false, readOnlyReason: t`The ${i18n._(scopeLabels[v.scope])} does not let this variable be overridden.` }}
          aria-label={t`Override ${v.key}`}
          onClick={() => onOverride(v)}
        >
          {t`Override`}
        </EditButton>
      ),
    ),
  ];

  if (effective.isError) return <ErrorState error={effective.error} onRetry={() => void effective.refetch()} retrying={effective.isFetching} />;
  return (
    <div className="flex flex-col gap-3">
      {missing.length > 0 && (
        <Banner tone="danger" title={t`Runs of this stack will not start`}>
          {t`These required variables have no value at any scope: ${missing.map((v) => v.key).join(', ')}.`}
        </Banner>
      )}
      <DataTable
        aria-label={t`Effective variables`}
        columns={columns}
        data={effective.data ?? []}
        loading={effective.isPending}
        getRowId={(v) => `${v.type}:${v.key}`}
        empty={
          <div className="px-4 py-10 text-center text-sm text-muted-foreground">
            {t`No variable reaches this stack yet: add one here, or at its namespace or organization.`}
          </div>
        }
      />
    </div>
  );
}
