import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Badge,
  Button,
  ConfirmRemoval,
  ControlledField,
  EditButton,
  FormDialog,
  Input,
  SettingsList,
  Stack,
  toast,
  useActionsColumn,
  useContractForm,
} from '@terrace/design-system';
import {
  runnersQueries,
  useCreateRunnerGroupMutation,
  useDeleteRunnerGroupMutation,
  useUpdateRunnerGroupMutation,
  type PageSize,
  type RunnerGroup,
} from '@terrace/runners/data-access';
import { useApiClient, type SettingsSectionProps } from '@terrace/session';
import { Server } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  emptyRunnerGroupForm,
  runnerGroupFieldMessages,
  runnerGroupFormSchema,
  runnerGroupToForm,
  type RunnerGroupFormValues,
} from './runner-group-form';
import { RunnerGroupDetails } from './runner-group-details';
import { useRunnerGroupName } from './runner-labels';

const pageSizes = [10, 20, 50, 100] as const satisfies readonly PageSize[];
const defaultPageSize: PageSize = 20;

/**
 * The organization's runner groups (the managed runner's group first, then the self-hosted ones):
 * add, rename and change a group's concurrency limit, delete a self-hosted group behind a typed
 * phrase, and open a group to see its runners and manage its registration tokens. The page, page
 * size and open group live in the URL.
 */
export function RunnerGroupsSection(access: SettingsSectionProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize: PageSize = pageSizes.find((size) => size === Number(params.get('pageSize'))) ?? defaultPageSize;
  const groups = useQuery({ ...runnersQueries.groups(client, { page, pageSize }), placeholderData: keepPreviousData });
  const create = useCreateRunnerGroupMutation();
  const update = useUpdateRunnerGroupMutation();
  const remove = useDeleteRunnerGroupMutation();
  const form = useContractForm({ schema: runnerGroupFormSchema, defaultValues: emptyRunnerGroupForm(), messages: runnerGroupFieldMessages });
  // null: closed; 'new': adding; a group: editing it.
  const [editing, setEditing] = useState<RunnerGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RunnerGroup | null>(null);
  const openId = params.get('group');
  const open = groups.data?.items.find((group) => group.id === openId) ?? null;

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const setPaging = (nextPage: number, nextSize: number) =>
    setParam({ page: nextPage === 1 ? null : String(nextPage), pageSize: nextSize === defaultPageSize ? null : String(nextSize) });

  const nameOf = useRunnerGroupName();
  const managedReason = t`The managed runner group cannot be deleted.`;
  const columns: ColumnDef<RunnerGroup, unknown>[] = [
    {
      id: 'name',
      header: t`Name`,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-2">
          <span className="font-medium">{nameOf(row.original)}</span>
          {row.original.mode === 'managed' ? <Badge tone="info">{t`Managed`}</Badge> : <Badge tone="neutral">{t`Self-hosted`}</Badge>}
        </span>
      ),
    },
    {
      id: 'concurrency',
      header: t`Jobs running`,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{t`${i18n.number(row.original.activeJobs)} of ${i18n.number(row.original.maxConcurrency)}`}</span>
      ),
    },
    { id: 'runners', header: t`Runners`, enableSorting: false, cell: ({ row }) => i18n.number(row.original.runnerCount) },
    {
      id: 'createdAt',
      header: t`Created`,
      enableSorting: false,
      cell: ({ row }) => <span className="whitespace-nowrap">{i18n.date(row.original.createdAt, { dateStyle: 'medium' })}</span>,
    },
    useActionsColumn((group: RunnerGroup) => (
      <Stack direction="row" gap={2}>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t`Runners and tokens of ${nameOf(group)}`}
          aria-expanded={open?.id === group.id}
          onClick={() => setParam({ group: open?.id === group.id ? null : group.id })}
        >
          {t`Runners and tokens`}
        </Button>
        <EditButton row access={access} aria-label={t`Edit ${nameOf(group)}`} onClick={() => setEditing(group)}>
          {t`Edit`}
        </EditButton>
        <EditButton
          row
          access={access.canEdit && group.mode === 'managed' ? { canEdit: false, readOnlyReason: managedReason } : access}
          aria-label={t`Delete ${nameOf(group)}`}
          onClick={() => setDeleting(group)}
        >
          {t`Delete`}
        </EditButton>
      </Stack>
    )),
  ];

  const editedGroup = editing !== null && editing !== 'new' ? editing : null;
  return (
    <Stack gap={6}>
      <SettingsList
        aria-label={t`Runner groups`}
        query={groups}
        items={groups.data?.items}
        mode="server"
        columns={columns}
        getRowId={(group) => group.id}
        totalCount={groups.data?.total ?? 0}
        searchable={false}
        pageSizes={pageSizes}
        pagination={{ pageIndex: page - 1, pageSize }}
        onPaginationChange={(next) => setPaging(next.pageSize !== pageSize ? 1 : next.pageIndex + 1, next.pageSize)}
        access={access}
        add={{ icon: Server, label: t`Add runner group`, onClick: () => setEditing('new') }}
        empty={{
          title: t`No runner groups yet`,
          text: t`Add a group, create a registration token, and start runners with it on your own machines.`,
        }}
      >
        <FormDialog
          open={editing !== null}
          onOpenChange={(next) => !next && setEditing(null)}
          title={editedGroup ? t`Edit runner group ${nameOf(editedGroup)}` : t`Add a runner group`}
          description={t`Runners started with one of the group's tokens run its jobs, at most as many at once as its concurrency limit.`}
          submitLabel={editedGroup ? t`Save` : t`Add group`}
          form={form}
          values={editedGroup ? runnerGroupToForm(editedGroup) : emptyRunnerGroupForm()}
          onValid={async (values) => {
            if (editedGroup) {
              const saved = await update.mutateAsync({
                groupId: editedGroup.id,
                // The managed group keeps its name: only its limit is sent.
                input: editedGroup.mode === 'managed' ? { maxConcurrency: values.maxConcurrency } : values,
              });
              toast.success(t`Runner group ${nameOf(saved)} saved.`);
            } else {
              const created = await create.mutateAsync(values);
              toast.success(t`Runner group ${created.name} added.`);
              setParam({ group: created.id });
            }
          }}
        >
          <ControlledField<RunnerGroupFormValues, 'name'>
            name="name"
            label={t`Name`}
            required
            {...(editedGroup?.mode === 'managed' ? { help: t`The managed runner group keeps its name.` } : {})}
          >
            {(field) => <Input {...field} readOnly={editedGroup?.mode === 'managed'} autoComplete="off" />}
          </ControlledField>
          <ControlledField<RunnerGroupFormValues, 'maxConcurrency'>
            name="maxConcurrency"
            label={t`Concurrency limit`}
            required
            help={t`How many jobs the group's runners may run at once, from 1 to 1000.`}
          >
            {(field) => <Input {...field} inputMode="numeric" autoComplete="off" />}
          </ControlledField>
        </FormDialog>
        <ConfirmRemoval
          target={deleting}
          onClose={() => setDeleting(null)}
          title={(group) => t`Delete runner group ${group.name}?`}
          description={t`Its registration tokens and runners go with it: runners started with its tokens are no longer accepted.`}
          confirmLabel={t`Delete group`}
          onConfirm={async (group) => {
            await remove.mutateAsync(group.id);
            toast.success(t`Runner group ${group.name} deleted.`);
            if (openId === group.id) setParam({ group: null });
          }}
        />
      </SettingsList>
      {open && <RunnerGroupDetails key={open.id} group={open} access={access} onClose={() => setParam({ group: null })} />}
    </Stack>
  );
}
