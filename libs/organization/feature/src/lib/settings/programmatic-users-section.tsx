import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  LazyConfirmRemoval,
  type EditAccess,
  EditButton,
  SettingsList,
  toast,
  useActionsColumn,
  lazyDialog,
} from '@terrace/design-system';
import {
  organizationQueries,
  useCreateProgrammaticUserMutation,
  useDeleteProgrammaticUserMutation,
  type ProgrammaticUser,
} from '@terrace/organization/data-access';
import { Bot } from 'lucide-react';
import { useState } from 'react';
import { useRoleLabel } from '../common/use-role-label';
import { ProgrammaticUserTokens } from './programmatic-user-tokens';
import { useApiClient } from '@terrace/session';

// Its dialog (with its form and validation) loads when first opened.
const ProgrammaticUserDialog = lazyDialog(() => import('./programmatic-user-dialog').then((m) => m.ProgrammaticUserDialog));

export type ProgrammaticUsersSectionProps = EditAccess;

export function ProgrammaticUsersSection(access: ProgrammaticUsersSectionProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const users = useQuery(organizationQueries.programmaticUsers(client));
  const create = useCreateProgrammaticUserMutation();
  const remove = useDeleteProgrammaticUserMutation();
  const roleLabel = useRoleLabel();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ProgrammaticUser | null>(null);

  const selected = users.data?.find((user) => user.id === selectedId) ?? null;

  const columns: ColumnDef<ProgrammaticUser, unknown>[] = [
    {
      id: 'name',
      header: t`Name`,
      enableSorting: false,
      cell: ({ row }) => (
        <Button variant="link" onClick={() => setSelectedId(row.original.id)} aria-pressed={row.original.id === selectedId}>
          {row.original.name}
        </Button>
      ),
    },
    {
      id: 'role',
      header: t`Role`,
      enableSorting: false,
      cell: ({ row }) => roleLabel(row.original.role),
    },
    { id: 'createdAt', header: t`Created`, enableSorting: false, cell: ({ row }) => i18n.date(row.original.createdAt, { dateStyle: 'medium' }) },
    useActionsColumn((user) => (
      <EditButton row access={access} aria-label={t`Delete ${user.name}`} onClick={() => setDeleting(user)}>
        {t`Delete`}
      </EditButton>
    )),
  ];

  return (
    <SettingsList
      aria-label={t`Programmatic users`}
      query={users}
      items={users.data}
      columns={columns}
      getRowId={(user) => user.id}
      searchable={false}
      access={access}
      add={{ icon: Bot, label: t`Create programmatic user`, onClick: () => setCreating(true) }}
      empty={{
        title: t`No programmatic users yet`,
        text: t`Create one for each pipeline or script that calls the API, so its tokens can be revoked on their own.`,
      }}
    >
      {selected && (
        <Card>
          <CardHeader>
            <CardTitle>{t`API tokens of ${selected.name}`}</CardTitle>
          </CardHeader>
          <CardBody>
            <ProgrammaticUserTokens programmaticUser={selected} {...access} />
          </CardBody>
        </Card>
      )}
      <ProgrammaticUserDialog
        open={creating}
        onOpenChange={setCreating}
        onCreate={async (input) => {
          const created = await create.mutateAsync(input);
          toast.success(t`Programmatic user ${created.name} created. Create a token for it below.`);
          setSelectedId(created.id);
        }}
      />
      <LazyConfirmRemoval
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(user) => t`Delete ${user.name}?`}
        description={t`Its tokens stop working at once. Pipelines that use them will fail.`}
        confirmLabel={t`Delete programmatic user`}
        onConfirm={async (user) => {
          await remove.mutateAsync(user.id);
          toast.success(t`${user.name} deleted.`);
          if (selectedId === user.id) setSelectedId(null);
        }}
      />
    </SettingsList>
  );
}
