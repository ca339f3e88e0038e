import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import {
  ConfirmRemoval,
  DataTable,
  type EditAccess,
  EditButton,
  ErrorState,
  SecretReveal,
  Stack,
  toast,
  useActionsColumn,
} from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import {
  organizationQueries,
  useCreateProgrammaticUserTokenMutation,
  useRevokeProgrammaticUserTokenMutation,
  type ProgrammaticToken,
  type ProgrammaticUser,
} from '@terrace/organization/data-access';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { ProgrammaticTokenDialog } from './programmatic-user-dialog';
import { useApiClient } from '@terrace/session';

export interface ProgrammaticUserTokensProps extends EditAccess {
  programmaticUser: ProgrammaticUser;
}

export function ProgrammaticUserTokens({ programmaticUser, ...access }: ProgrammaticUserTokensProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const tokens = useQuery(organizationQueries.programmaticUserTokens(client, programmaticUser.id));
  const create = useCreateProgrammaticUserTokenMutation();
  const revoke = useRevokeProgrammaticUserTokenMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ProgrammaticToken | null>(null);
  const [revoking, setRevoking] = useState<ProgrammaticToken | null>(null);

  const date = (value: string | null, fallback: string) => (value ? i18n.date(value, { dateStyle: 'medium' }) : fallback);

  // Revoked tokens stay listed (the contract answers them with revokedAt) so the history is visible.
  const columns: ColumnDef<ProgrammaticToken, unknown>[] = [
    { id: 'name', header: t`Name`, enableSorting: false, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
    { id: 'createdAt', header: t`Created`, enableSorting: false, cell: ({ row }) => date(row.original.createdAt, '') },
    {
      id: 'status',
      header: t`Status`,
      enableSorting: false,
      cell: ({ row }) => (row.original.revokedAt ? t`Revoked on ${date(row.original.revokedAt, '')}` : t`Active`),
    },
    useActionsColumn((token) => (
      <EditButton
        row
        access={access}
        disabled={token.revokedAt !== null}
        aria-label={t`Revoke token ${token.name}`}
        onClick={() => setRevoking(token)}
      >
        {t`Revoke`}
      </EditButton>
    )),
  ];

  if (tokens.isError) return <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} retrying={tokens.isFetching} />;

  return (
    <Stack gap={4}>
      {created?.token && <SecretReveal secret={created.token} label={t`New token ${created.name}`} />}
      <DataTable
        aria-label={t`API tokens of ${programmaticUser.name}`}
        columns={columns}
        data={tokens.data ?? []}
        getRowId={(token) => token.id}
        loading={tokens.isPending}
        searchable={false}
        paginate={false}
        empty={<p className="px-4 py-8 text-center text-sm text-muted-foreground">{t`No tokens yet.`}</p>}
        actions={
          <div className="ms-auto">
            <EditButton access={access} variant="outline" onClick={() => setCreating(true)}>
              <KeyRound aria-hidden />
              {t`Create token`}
            </EditButton>
          </div>
        }
      />
      <ProgrammaticTokenDialog
        open={creating}
        onOpenChange={setCreating}
        programmaticUserName={programmaticUser.name}
        onCreate={async ({ name }) => {
          const token = await create.mutateAsync({ programmaticUserId: programmaticUser.id, name });
          setCreated(token);
          toast.success(t`Token ${token.name} created. Copy it now.`);
        }}
      />
      <ConfirmRemoval
        target={revoking}
        onClose={() => setRevoking(null)}
        title={(token) => t`Revoke token ${token.name}?`}
        description={t`Anything that uses this token is refused from now on.`}
        phrase={confirmationPhrases.revokeToken}
        confirmLabel={t`Revoke token`}
        onConfirm={async (token) => {
          await revoke.mutateAsync({ programmaticUserId: programmaticUser.id, tokenId: token.id });
          toast.success(t`Token ${token.name} revoked.`);
          if (created?.id === token.id) setCreated(null);
        }}
      />
    </Stack>
  );
}
