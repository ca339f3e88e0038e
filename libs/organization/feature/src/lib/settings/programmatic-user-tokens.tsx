import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { zProgrammaticTokenInput } from '@terrace/api-client/schemas';
import { type EditAccess, type FieldMessages, TokenList } from '@terrace/design-system';
import {
  organizationQueries,
  useCreateProgrammaticUserTokenMutation,
  useRevokeProgrammaticUserTokenMutation,
  type ProgrammaticToken,
  type ProgrammaticUser,
} from '@terrace/organization/data-access';
import { useApiClient } from '@terrace/session';

const tokenMessages: FieldMessages = {
  name: { required: msg`Enter a name that says where the token is used.` },
};

export interface ProgrammaticUserTokensProps extends EditAccess {
  programmaticUser: ProgrammaticUser;
}

export function ProgrammaticUserTokens({ programmaticUser, ...access }: ProgrammaticUserTokensProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const tokens = useQuery(organizationQueries.programmaticUserTokens(client, programmaticUser.id));
  const create = useCreateProgrammaticUserTokenMutation();
  const revoke = useRevokeProgrammaticUserTokenMutation();
  const programmaticUserName = programmaticUser.name;

  // Revoked tokens stay listed (the contract answers them with revokedAt) so the history is visible.
  const columns: ColumnDef<ProgrammaticToken, unknown>[] = [
    {
      id: 'status',
      header: t`Status`,
      enableSorting: false,
      cell: ({ row }) => (row.original.revokedAt ? t`Revoked on ${i18n.date(row.original.revokedAt, { dateStyle: 'medium' })}` : t`Active`),
    },
  ];

  return (
    <TokenList
      aria-label={t`API tokens of ${programmaticUser.name}`}
      query={tokens}
      items={tokens.data}
      columns={columns}
      access={access}
      empty={{ title: t`No tokens yet`, text: t`Create one for each pipeline or script that calls the API as ${programmaticUserName}.` }}
      create={{
        title: t`Create a token for ${programmaticUserName}`,
        name: zProgrammaticTokenInput.shape.name,
        messages: tokenMessages,
        label: t`Token name`,
        help: t`For example the pipeline that uses it.`,
        onCreate: (name) => create.mutateAsync({ programmaticUserId: programmaticUser.id, name }),
      }}
      revoke={{
        description: t`Anything that uses this token is refused from now on.`,
        onRevoke: (token) => revoke.mutateAsync({ programmaticUserId: programmaticUser.id, tokenId: token.id }),
        isRevoked: (token) => token.revokedAt !== null,
      }}
    />
  );
}
