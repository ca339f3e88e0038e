import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { Button, DataTable, ErrorState, LazyConfirmDialog, toast } from '@terrace/design-system';
import {
  organizationQueries,
  useRevokePersonalAccessTokenMutation,
  type PersonalAccessToken,
} from '@terrace/organization/data-access';
import { useState } from 'react';
import { useApiClient } from '@terrace/session';

export interface PersonalAccessTokenListProps {
  /** Called when a token is revoked, so a page showing its value once can hide it. */
  onRevoked?: (token: PersonalAccessToken) => void;
}

/** The signed-in user's personal access tokens in this organization, each revocable after a confirmation. */
export function PersonalAccessTokenList({ onRevoked }: PersonalAccessTokenListProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const tokens = useQuery(organizationQueries.personalAccessTokens(client));
  const revoke = useRevokePersonalAccessTokenMutation();
  const [revoking, setRevoking] = useState<PersonalAccessToken | null>(null);

  const date = (value: string | null, fallback: string) => (value ? i18n.date(value, { dateStyle: 'medium' }) : fallback);
  const expiry = (token: PersonalAccessToken) => {
    if (token.expiresAt === null) return t`Never`;
    return Date.parse(token.expiresAt) <= Date.now() ? t`Expired on ${date(token.expiresAt, '')}` : date(token.expiresAt, '');
  };

  const columns: ColumnDef<PersonalAccessToken, unknown>[] = [
    { id: 'name', header: t`Name`, enableSorting: false, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
    { id: 'createdAt', header: t`Created`, enableSorting: false, cell: ({ row }) => date(row.original.createdAt, '') },
    { id: 'lastUsedAt', header: t`Last used`, enableSorting: false, cell: ({ row }) => date(row.original.lastUsedAt, t`Never used`) },
    { id: 'expiresAt', header: t`Expires`, enableSorting: false, cell: ({ row }) => expiry(row.original) },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) => (
        <Button variant="ghost" size="sm" aria-label={t`Revoke token ${row.original.name}`} onClick={() => setRevoking(row.original)}>
          {t`Revoke`}
        </Button>
      ),
    },
  ];

  if (tokens.isError) return <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} retrying={tokens.isFetching} />;

  return (
    <>
      <DataTable
        aria-label={t`Your personal access tokens`}
        columns={columns}
        data={tokens.data ?? []}
        getRowId={(token) => token.id}
        loading={tokens.isPending}
        searchable={false}
        paginate={false}
        empty={<p className="px-4 py-8 text-center text-sm text-muted-foreground">{t`You have no personal access tokens.`}</p>}
      />
      <LazyConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        tone="danger"
        title={t`Revoke token ${revoking?.name ?? ''}?`}
        description={t`Terraform and anything else that uses this token is refused from now on.`}
        confirmLabel={t`Revoke token`}
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking.id);
          toast.success(t`Token ${revoking.name} revoked.`);
          onRevoked?.(revoking);
          setRevoking(null);
        }}
      />
    </>
  );
}
