import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { zGitSigningKeyInput, zGitSigningKeyType, zSshKeyInput } from '@terrace/api-client/schemas';
import {
  Badge,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  ConfirmRemoval,
  ControlledField,
  EditButton,
  type FieldMessages,
  FormDialog,
  Input,
  SelectField,
  SettingsList,
  Stack,
  Textarea,
  toast,
  trimmed,
  unwrapOptional,
  useActionsColumn,
  useContractForm,
} from '@terrace/design-system';
import { useApiClient, type SettingsSectionProps } from '@terrace/session';
import {
  useCreateGitSigningKeyMutation,
  useCreateSshKeyMutation,
  useDeleteGitSigningKeyMutation,
  useDeleteSshKeyMutation,
  useSetPrimaryGitSigningKeyMutation,
  useSetPrimarySshKeyMutation,
  vcsQueries,
  type GitSigningKey,
  type SshKey,
} from '@terrace/vcs/data-access';
import { KeyRound, PenLine } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod/mini';

/** The organization's SSH keys (cloning, private modules) and git signing keys (signed commits). */
export function SshKeysSection(access: SettingsSectionProps) {
  const { t } = useLingui();
  return (
    <Stack gap={6}>
      <Card>
        <CardHeader>
          <CardTitle>{t`SSH keys`}</CardTitle>
        </CardHeader>
        <CardBody>
          <SshKeyList access={access} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t`Git signing keys`}</CardTitle>
        </CardHeader>
        <CardBody>
          <GitSigningKeyList access={access} />
        </CardBody>
      </Card>
    </Stack>
  );
}

/** The columns both lists share: name with the primary badge, fingerprint, public key. */
function useKeyColumns<K extends SshKey | GitSigningKey>(): ColumnDef<K, unknown>[] {
  const { t, i18n } = useLingui();
  return [
    {
      id: 'name',
      header: t`Name`,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-2">
          <span className="font-medium">{row.original.name}</span>
          {row.original.isPrimary && <Badge tone="info">{t`Primary`}</Badge>}
        </span>
      ),
    },
    {
      id: 'fingerprint',
      header: t`Fingerprint`,
      enableSorting: false,
      cell: ({ row }) => (
        <code className="font-mono text-xs break-all" dir="ltr">
          {row.original.fingerprint ?? '—'}
        </code>
      ),
    },
    {
      id: 'publicKey',
      header: t`Public key`,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.publicKey ? (
          <code className="line-clamp-2 max-w-xs font-mono text-xs break-all" dir="ltr" title={row.original.publicKey}>
            {row.original.publicKey}
          </code>
        ) : (
          '—'
        ),
    },
    {
      id: 'createdAt',
      header: t`Created`,
      enableSorting: false,
      cell: ({ row }) => (row.original.createdAt ? i18n.date(row.original.createdAt, { dateStyle: 'medium' }) : '—'),
    },
  ];
}

const sshKeyFormSchema = z.object({
  name: trimmed(zSshKeyInput.shape.name),
  privateKey: trimmed(zSshKeyInput.shape.privateKey.check(z.minLength(1))),
});
type SshKeyValues = z.input<typeof sshKeyFormSchema>;
const sshKeyMessages: FieldMessages = {
  name: { required: msg`Enter a name for the key.` },
  privateKey: { required: msg`Paste the private key.`, too_small: msg`Paste the private key.` },
};

function SshKeyList({ access }: { access: SettingsSectionProps }) {
  const { t } = useLingui();
  const client = useApiClient();
  const keys = useQuery(vcsQueries.sshKeys(client));
  const create = useCreateSshKeyMutation();
  const remove = useDeleteSshKeyMutation();
  const setPrimary = useSetPrimarySshKeyMutation();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SshKey | null>(null);
  const form = useContractForm({ schema: sshKeyFormSchema, defaultValues: { name: '', privateKey: '' }, messages: sshKeyMessages });
  const columns = [
    ...useKeyColumns<SshKey>(),
    useActionsColumn((key: SshKey) => (
      <Stack direction="row" gap={2}>
        {!key.isPrimary && (
          <EditButton
            row
            access={access}
            aria-label={t`Make ${key.name} the primary key`}
            onClick={() => void setPrimary.mutateAsync(key.id).then(() => toast.success(t`${key.name} is now the primary key.`))}
          >
            {t`Set primary`}
          </EditButton>
        )}
        <EditButton row access={access} aria-label={t`Delete ${key.name}`} onClick={() => setDeleting(key)}>
          {t`Delete`}
        </EditButton>
      </Stack>
    )),
  ];
  return (
    <SettingsList
      aria-label={t`SSH keys`}
      query={keys}
      items={keys.data}
      columns={columns}
      getRowId={(key) => key.id}
      searchable={false}
      access={access}
      add={{ icon: KeyRound, label: t`Add SSH key`, onClick: () => setAdding(true) }}
      empty={{
        title: t`No SSH keys yet`,
        text: t`Add a key so runners can clone repositories and fetch private modules over SSH.`,
      }}
    >
      <FormDialog
        open={adding}
        onOpenChange={setAdding}
        title={t`Add an SSH key`}
        description={t`The private key is stored encrypted and never shown again; the list shows its public key and fingerprint.`}
        submitLabel={t`Add key`}
        form={form}
        values={{ name: '', privateKey: '' }}
        onValid={async (values) => {
          const created = await create.mutateAsync(values);
          toast.success(t`SSH key ${created.name} added.`);
        }}
      >
        <ControlledField<SshKeyValues, 'name'> name="name" label={t`Name`} required>
          {(field) => <Input {...field} />}
        </ControlledField>
        <ControlledField<SshKeyValues, 'privateKey'> name="privateKey" label={t`Private key`} required help={t`Paste the whole key, from -----BEGIN to END-----.`}>
          {(field) => <Textarea {...field} rows={6} autoComplete="off" spellCheck={false} className="font-mono text-xs" dir="ltr" />}
        </ControlledField>
      </FormDialog>
      <ConfirmRemoval
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(key) => t`Delete ${key.name}?`}
        description={t`Runs that clone or fetch modules with this key will fail.`}
        confirmLabel={t`Delete key`}
        onConfirm={async (key) => {
          await remove.mutateAsync(key.id);
          toast.success(t`${key.name} deleted.`);
        }}
      />
    </SettingsList>
  );
}

const signing = zGitSigningKeyInput.shape;
const gitSigningKeyFormSchema = z.object({
  name: trimmed(signing.name),
  type: zGitSigningKeyType,
  privateKey: trimmed(signing.privateKey.check(z.minLength(1))),
  passphrase: z.string(),
  committerName: trimmed(),
  committerEmail: z.union([z.literal(''), trimmed(unwrapOptional(signing.committerEmail))]),
});
type GitSigningKeyValues = z.input<typeof gitSigningKeyFormSchema>;
const gitSigningKeyMessages: FieldMessages = {
  name: { required: msg`Enter a name for the key.` },
  privateKey: { required: msg`Paste the private key.`, too_small: msg`Paste the private key.` },
};
const emptySigningKey: GitSigningKeyValues = { name: '', type: 'gpg', privateKey: '', passphrase: '', committerName: '', committerEmail: '' };

function GitSigningKeyList({ access }: { access: SettingsSectionProps }) {
  const { t } = useLingui();
  const client = useApiClient();
  const keys = useQuery(vcsQueries.gitSigningKeys(client));
  const create = useCreateGitSigningKeyMutation();
  const remove = useDeleteGitSigningKeyMutation();
  const setPrimary = useSetPrimaryGitSigningKeyMutation();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<GitSigningKey | null>(null);
  const form = useContractForm({ schema: gitSigningKeyFormSchema, defaultValues: emptySigningKey, messages: gitSigningKeyMessages });
  const columns = [
    ...useKeyColumns<GitSigningKey>(),
    { id: 'type', header: t`Type`, enableSorting: false, cell: ({ row }: { row: { original: GitSigningKey } }) => row.original.type.toUpperCase() },
    useActionsColumn((key: GitSigningKey) => (
      <Stack direction="row" gap={2}>
        {!key.isPrimary && (
          <EditButton
            row
            access={access}
            aria-label={t`Make ${key.name} the primary signing key`}
            onClick={() => void setPrimary.mutateAsync(key.id).then(() => toast.success(t`${key.name} is now the primary signing key.`))}
          >
            {t`Set primary`}
          </EditButton>
        )}
        <EditButton row access={access} aria-label={t`Delete ${key.name}`} onClick={() => setDeleting(key)}>
          {t`Delete`}
        </EditButton>
      </Stack>
    )),
  ] as ColumnDef<GitSigningKey, unknown>[];
  return (
    <SettingsList
      aria-label={t`Git signing keys`}
      query={keys}
      items={keys.data}
      columns={columns}
      getRowId={(key) => key.id}
      searchable={false}
      access={access}
      add={{ icon: PenLine, label: t`Add signing key`, onClick: () => setAdding(true) }}
      empty={{
        title: t`No git signing keys yet`,
        text: t`Add a GPG or SSH key to sign the commits Terrace makes, such as drift remediation pull requests.`,
      }}
    >
      <FormDialog
        open={adding}
        onOpenChange={setAdding}
        title={t`Add a git signing key`}
        description={t`The private key and passphrase are stored encrypted and never shown again.`}
        submitLabel={t`Add key`}
        form={form}
        values={emptySigningKey}
        onValid={async (values) => {
          const created = await create.mutateAsync({
            name: values.name,
            type: values.type,
            privateKey: values.privateKey,
            ...(values.passphrase ? { passphrase: values.passphrase } : {}),
            ...(values.committerName ? { committerName: values.committerName } : {}),
            ...(values.committerEmail ? { committerEmail: values.committerEmail } : {}),
          });
          toast.success(t`Signing key ${created.name} added.`);
        }}
      >
        <ControlledField<GitSigningKeyValues, 'name'> name="name" label={t`Name`} required>
          {(field) => <Input {...field} />}
        </ControlledField>
        <SelectField<GitSigningKeyValues, 'type'>
          name="type"
          label={t`Key type`}
          required
          options={[
            { value: 'gpg', label: 'GPG' },
            { value: 'ssh', label: 'SSH' },
          ]}
        />
        <ControlledField<GitSigningKeyValues, 'privateKey'> name="privateKey" label={t`Private key`} required>
          {(field) => <Textarea {...field} rows={6} autoComplete="off" spellCheck={false} className="font-mono text-xs" dir="ltr" />}
        </ControlledField>
        <ControlledField<GitSigningKeyValues, 'passphrase'> name="passphrase" label={t`Passphrase`} help={t`Only if the key has one.`}>
          {(field) => <Input {...field} type="password" autoComplete="new-password" />}
        </ControlledField>
        <ControlledField<GitSigningKeyValues, 'committerName'> name="committerName" label={t`Committer name`}>
          {(field) => <Input {...field} />}
        </ControlledField>
        <ControlledField<GitSigningKeyValues, 'committerEmail'> name="committerEmail" label={t`Committer e-mail`}>
          {(field) => <Input {...field} type="email" />}
        </ControlledField>
      </FormDialog>
      <ConfirmRemoval
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(key) => t`Delete ${key.name}?`}
        description={t`Commits Terrace makes are no longer signed with this key.`}
        confirmLabel={t`Delete key`}
        onConfirm={async (key) => {
          await remove.mutateAsync(key.id);
          toast.success(t`${key.name} deleted.`);
        }}
      />
    </SettingsList>
  );
}
