import { useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '../data-table/table-model';
import { confirmationPhrases } from '@terrace/domain';
import { KeyRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { z, type core } from 'zod/mini';
import { ConfirmRemoval } from '../confirm-removal/confirm-removal';
import { trimmed } from '../form/contract-resolver';
import { FormDialog } from '../form-dialog/form-dialog';
import type { FieldMessages } from '../form/form-messages';
import { ControlledField, useContractForm } from '../form/form';
import { Input } from '../input/input';
import { SecretReveal } from '../secret-reveal/secret-reveal';
import { EditButton } from '../edit-button/edit-button';
import { SettingsList, useActionsColumn, type SettingsListProps } from '../settings-list/settings-list';
import { Stack } from '../stack/stack';
import { toast } from '../toast/toast';

export interface TokenListRow {
  id: string;
  name: string;
  createdAt: string;
}

/** A token as its creation answers it: with its secret, this once. */
interface CreatedToken {
  id: string;
  name: string;
  token?: string;
}

export interface TokenListProps<T extends TokenListRow> extends Pick<SettingsListProps<T>, 'query' | 'items' | 'access' | 'empty'> {
  'aria-label': string;
  /** The columns between the token's name and creation date and its revoke button (last use, status…). */
  columns: ColumnDef<T, unknown>[];
  create: {
    /** The create dialog's title and description. */
    title: string;
    description?: string;
    /** The contract's rule for a token's name (trimmed first), and its messages. */
    name: core.$ZodType<string, string>;
    messages?: FieldMessages;
    label: string;
    help: string;
    /** Creates the token; the answer's `token` is its secret, shown this once. */
    onCreate: (name: string) => Promise<CreatedToken>;
  };
  revoke: {
    /** What stops working once the token is revoked. */
    description: string;
    onRevoke: (token: T) => Promise<unknown>;
    /** Tokens already revoked (lists that keep them, as history) cannot be revoked again. */
    isRevoked?: (token: T) => boolean;
  };
}

/**
 * A list of access tokens (a runner group's registration tokens, a programmatic user's API tokens):
 * the secret of the token just created shown once with a copy button, the tokens with a revoke
 * button each behind the typed confirmation, and the create dialog that names a new one.
 */
export function TokenList<T extends TokenListRow>({ columns, create, revoke, 'aria-label': label, ...list }: TokenListProps<T>) {
  const { t, i18n } = useLingui();
  const schema = useMemo(() => z.object({ name: trimmed(create.name) }), [create.name]);
  const form = useContractForm({ schema, defaultValues: { name: '' }, ...(create.messages ? { messages: create.messages } : {}) });
  const [creating, setCreating] = useState(false);
  // The secret of the token just created: shown this once, gone when the list is closed.
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<T | null>(null);
  const allColumns: ColumnDef<T, unknown>[] = [
    { id: 'name', header: t`Name`, enableSorting: false, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
    {
      id: 'createdAt',
      header: t`Created`,
      enableSorting: false,
      cell: ({ row }) => <span className="whitespace-nowrap">{i18n.date(row.original.createdAt, { dateStyle: 'medium' })}</span>,
    },
    ...columns,
    useActionsColumn((token: T) => (
      <EditButton
        row
        access={list.access}
        disabled={revoke.isRevoked?.(token)}
        aria-label={t`Revoke token ${token.name}`}
        onClick={() => setRevoking(token)}
      >
        {t`Revoke`}
      </EditButton>
    )),
  ];
  return (
    <Stack data-slot="token-list" gap={4}>
      {created?.token && <SecretReveal secret={created.token} label={t`New token ${created.name}`} />}
      <SettingsList
        {...list}
        aria-label={label}
        columns={allColumns}
        getRowId={(token) => token.id}
        searchable={false}
        paginate={false}
        add={{ icon: KeyRound, label: t`Create token`, onClick: () => setCreating(true) }}
      />
      <FormDialog
        open={creating}
        onOpenChange={setCreating}
        title={create.title}
        description={create.description}
        submitLabel={t`Create token`}
        form={form}
        values={{ name: '' }}
        onValid={async ({ name }) => {
          const token = await create.onCreate(name);
          setCreated(token);
          toast.success(t`Token ${token.name} created. Copy it now.`);
        }}
      >
        <ControlledField<z.input<typeof schema>, 'name'> name="name" label={create.label} required help={create.help}>
          {(field) => <Input {...field} autoComplete="off" />}
        </ControlledField>
      </FormDialog>
      <ConfirmRemoval
        target={revoking}
        onClose={() => setRevoking(null)}
        title={(token) => t`Revoke token ${token.name}?`}
        description={revoke.description}
        phrase={confirmationPhrases.revokeToken}
        confirmLabel={t`Revoke token`}
        onConfirm={async (token) => {
          await revoke.onRevoke(token);
          toast.success(t`Token ${token.name} revoked.`);
          if (created?.id === token.id) setCreated(null);
        }}
      />
    </Stack>
  );
}
