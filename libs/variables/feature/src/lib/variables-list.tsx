import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { ConfirmRemoval, EditButton, SettingsList, Stack, toast, useActionsColumn } from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import {
  useDeleteVariableMutation,
  variablesQueries,
  type Variable,
  type VariablePlace,
  type VariableScope,
} from '@terrace/variables/data-access';
import { Braces } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { RevealSecretDialog, type RevealTarget } from './reveal-secret-dialog';
import { ScopeBadge, TypeBadge, VariableFlags, VariableName, VariableValue } from './variable-cells';
import { VariableDialog } from './variable-dialog';
import type { VariableFormValues } from './variable-form';
import { scopeLabels, variableTypeLabels } from './variable-labels';
import type { VariableAccess } from './use-variable-access';

export interface VariablesListProps {
  place: VariablePlace;
  access: VariableAccess;
  /** Accessible name of the table. */
  label: string;
  empty: { title: ReactNode; text: ReactNode };
}

type Editing = { variable: Variable | null; initial?: Partial<VariableFormValues>; title?: string };

/**
 * The variables of one place: its own, and (but for the organization) those it inherits and does
 * not hide, each marked with where it comes from and offered to override here. Paged, searched
 * and filtered in the console: a place holds tens of variables, not thousands.
 */
export function VariablesList({ place, access, label, empty }: VariablesListProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const variables = useQuery(variablesQueries.list(client, place));
  const remove = useDeleteVariableMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Variable | null>(null);
  const [revealing, setRevealing] = useState<RevealTarget | null>(null);
  const inherits = place.scope !== 'organization' && place.scope !== 'blueprint';
  const sourceOf = (v: Variable): VariableScope | 'own' => v.inheritedFrom ?? 'own';

  const override = (v: Variable) =>
    setEditing({
      variable: null,
      title: t`Override ${v.key}`,
      initial: { key: v.key, type: v.type, displayName: v.displayName ?? '', description: v.description ?? '', isSensitive: v.isSensitive, isHcl: v.isHcl ?? false },
    });

  const columns: ColumnDef<Variable, unknown>[] = [
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
      cell: ({ row }) => {
        const v = row.original;
        return (
          <VariableValue
            variableId={v.id}
            name={v.key}
            value={v.value ?? ''}
            isSensitive={v.isSensitive}
            isHcl={v.isHcl}
            missing={v.isRequired === true && !v.isSensitive && (v.value ?? '') === ''}
            reveal={access.reveal}
            onReveal={setRevealing}
          />
        );
      },
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
      id: 'flags',
      header: t`Properties`,
      enableSorting: false,
      enableGlobalFilter: false,
      cell: ({ row }) => (
        <VariableFlags
          isSensitive={row.original.isSensitive}
          isHcl={row.original.isHcl}
          isRequired={row.original.isRequired}
          isOverridable={row.original.isOverridable}
          conditions={row.original.valueConditions}
          showOverridable={place.scope !== 'stack' || row.original.inheritedFrom !== undefined}
        />
      ),
    },
    ...(inherits
      ? [
          {
            id: 'source',
            header: t`Set at`,
            accessorFn: sourceOf,
            filterFn: 'equalsString',
            enableGlobalFilter: false,
            meta: {
              label: t`Set at`,
              filter: {
                type: 'select',
                options: [
                  { value: 'own', label: t`Here` },
                  ...(['template', 'namespace', 'organization'] as const)
                    .filter((scope) => place.scope === 'stack' || scope === 'organization')
                    .map((scope) => ({ value: scope, label: i18n._(scopeLabels[scope]) })),
                ],
              },
            },
            cell: ({ row }) =>
              row.original.inheritedFrom ? <ScopeBadge scope={row.original.inheritedFrom} /> : <ScopeBadge scope={place.scope} own />,
          } satisfies ColumnDef<Variable, unknown>,
        ]
      : []),
    useActionsColumn((v) =>
      v.inheritedFrom ? (
        <EditButton
          row
          access={v.isOverridable === false ? { canEdit: false, readOnlyReason: t`The ${i18n._(scopeLabels[v.inheritedFrom])} does not let this variable be overridden.` } : access.edit}
          aria-label={t`Override ${v.key}`}
          onClick={() => override(v)}
        >
          {t`Override`}
        </EditButton>
      ) : (
        <Stack direction="row" gap={1}>
          <EditButton row access={access.edit} aria-label={t`Edit ${v.key}`} onClick={() => setEditing({ variable: v })}>
            {t`Edit`}
          </EditButton>
          <EditButton row access={access.edit} aria-label={t`Delete ${v.key}`} onClick={() => setDeleting(v)}>
            {t`Delete`}
          </EditButton>
        </Stack>
      ),
    ),
  ];

  return (
    <SettingsList
      aria-label={label}
      query={variables}
      items={variables.data}
      columns={columns}
      getRowId={(v) => v.id}
      access={access.edit}
      add={{ icon: Braces, label: t`Add variable`, onClick: () => setEditing({ variable: null }) }}
      empty={empty}
    >
      <VariableDialog
        key={editing?.variable?.id ?? editing?.title ?? 'new'}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        place={place}
        variable={editing?.variable ?? null}
        initial={editing?.initial}
        createTitle={editing?.title}
      />
      <RevealSecretDialog target={revealing} onClose={() => setRevealing(null)} />
      <ConfirmRemoval
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(v) => t`Delete ${v.key}?`}
        description={
          inherits
            ? t`Runs stop getting this value. Where a broader scope sets the same variable, its value applies again.`
            : t`Runs of every stack stop getting this value, unless a namespace or stack sets its own.`
        }
        confirmLabel={t`Delete variable`}
        onConfirm={async (v) => {
          await remove.mutateAsync(v.id);
          toast.success(t`${v.key} deleted.`);
        }}
      />
    </SettingsList>
  );
}
