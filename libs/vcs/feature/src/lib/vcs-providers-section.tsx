import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { ConfirmRemoval, EditButton, SettingsList, Stack, toast, useActionsColumn, Button } from '@terrace/design-system';
import { useApiClient, type SettingsSectionProps } from '@terrace/session';
import {
  useCreateVcsProviderMutation,
  useDeleteVcsProviderMutation,
  useUpdateVcsProviderMutation,
  vcsQueries,
  webhookKindOf,
  type VcsProvider,
} from '@terrace/vcs/data-access';
import { GitBranch } from 'lucide-react';
import { useState } from 'react';
import { vcsAuthTypeLabels, vcsTypeLabels } from './vcs-labels';
import { VcsProviderDialog } from './vcs-provider-dialog';
import { formToProviderInput, formToProviderUpdate } from './vcs-provider-form';
import { VcsWebhookDialog } from './vcs-webhook-dialog';

/** The organization's VCS providers: connect, edit, test, remove, and the webhook set-up on request. */
export function VcsProvidersSection(access: SettingsSectionProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const providers = useQuery(vcsQueries.providers(client));
  const create = useCreateVcsProviderMutation();
  const update = useUpdateVcsProviderMutation();
  const remove = useDeleteVcsProviderMutation();
  const [editing, setEditing] = useState<VcsProvider | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<VcsProvider | null>(null);
  const [webhookOf, setWebhookOf] = useState<VcsProvider | null>(null);

  const columns: ColumnDef<VcsProvider, unknown>[] = [
    { id: 'name', header: t`Name`, enableSorting: false, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
    {
      id: 'type',
      header: t`Type`,
      enableSorting: false,
      cell: ({ row }) => {
        const { label, icon: Icon } = vcsTypeLabels[row.original.type];
        return (
          <span className="inline-flex items-center gap-2">
            <Icon aria-hidden className="size-4" />
            {i18n._(label)}
          </span>
        );
      },
    },
    {
      id: 'authType',
      header: t`Authentication`,
      enableSorting: false,
      cell: ({ row }) => (row.original.authType ? i18n._(vcsAuthTypeLabels[row.original.authType]) : '—'),
    },
    {
      id: 'createdAt',
      header: t`Created`,
      enableSorting: false,
      cell: ({ row }) => (row.original.createdAt ? i18n.date(row.original.createdAt, { dateStyle: 'medium' }) : '—'),
    },
    useActionsColumn((provider) => (
      <Stack direction="row" gap={2}>
        {webhookKindOf(provider.type) && (
          <Button variant="ghost" size="sm" aria-label={t`Webhook of ${provider.name}`} onClick={() => setWebhookOf(provider)}>
            {t`Webhook`}
          </Button>
        )}
        <EditButton
          row
          access={access}
          aria-label={t`Edit ${provider.name}`}
          onClick={() => {
            setEditing(provider);
            setDialogOpen(true);
          }}
        >
          {t`Edit`}
        </EditButton>
        <EditButton row access={access} aria-label={t`Delete ${provider.name}`} onClick={() => setDeleting(provider)}>
          {t`Delete`}
        </EditButton>
      </Stack>
    )),
  ];

  return (
    <SettingsList
      aria-label={t`VCS providers`}
      query={providers}
      items={providers.data}
      columns={columns}
      getRowId={(provider) => provider.id}
      searchable={false}
      access={access}
      add={{
        icon: GitBranch,
        label: t`Connect provider`,
        onClick: () => {
          setEditing(null);
          setDialogOpen(true);
        },
      }}
      empty={{
        title: t`No VCS providers yet`,
        text: t`Connect GitHub, GitLab, Bitbucket or Azure DevOps so stacks can deploy code from their repositories.`,
      }}
    >
      <VcsProviderDialog
        key={editing?.id ?? 'new'}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        provider={editing}
        onSave={async (values) => {
          if (editing) {
            await update.mutateAsync({ providerId: editing.id, input: formToProviderUpdate(values) });
            toast.success(t`${values.name} saved.`);
          } else {
            await create.mutateAsync(formToProviderInput(values));
            toast.success(t`${values.name} connected.`);
          }
        }}
      />
      {webhookOf && <VcsWebhookDialog provider={webhookOf} onClose={() => setWebhookOf(null)} />}
      <ConfirmRemoval
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(provider) => t`Delete ${provider.name}?`}
        description={t`Stacks and templates that use this connection can no longer fetch their code or receive pull request events.`}
        confirmLabel={t`Delete provider`}
        onConfirm={async (provider) => {
          await remove.mutateAsync(provider.id);
          toast.success(t`${provider.name} deleted.`);
        }}
      />
    </SettingsList>
  );
}
