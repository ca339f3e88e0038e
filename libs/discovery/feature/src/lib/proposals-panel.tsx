import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { Badge, DataTable, EditButton, EmptyState, ErrorState, LazyConfirmDialog, OptionSelect, toast } from '@terrace/design-system';
import {
  discoveryScansQueries,
  useDecideProposalMutation,
  type StackDiscoveryProposal,
  type StackDiscoveryProposalStatus,
} from '@terrace/discovery/data-access';
import { useApiClient } from '@terrace/session';
import { Check, ScanSearch, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { discoveryPaths } from './discovery-paths';
import { useRefetchOnScan } from './use-refetch-on-scan';
import { useTablePaging } from './use-table-paging';

/** A proposal's state (the panel is their one user). */
const proposalStatusLabels: Record<StackDiscoveryProposalStatus, MessageDescriptor> = {
  proposed: msg`Proposed`,
  accepted: msg`Accepted`,
  dismissed: msg`Dismissed`,
};
const proposalStatusTones: Record<StackDiscoveryProposalStatus, 'neutral' | 'info' | 'success'> = {
  proposed: 'info',
  accepted: 'success',
  dismissed: 'neutral',
};

const engineNames = { terraform: 'Terraform', terragrunt: 'Terragrunt', opentofu: 'OpenTofu' } as const;
const ALL = 'all';

export interface ProposalsPanelProps {
  configurationId: string;
  /** The configuration's scan status and time: when a scan ends, the proposals are read again. */
  scan?: string;
  /** Whether the user may accept or dismiss (stackDiscovery:update), and why not. */
  access: { canEdit: boolean; readOnlyReason: string };
}

/** The stacks scans proposed (propose mode): accept creates the stack, dismiss keeps it from being proposed again. */
export function ProposalsPanel({ configurationId, scan, access }: ProposalsPanelProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const filterId = useId();
  const [status, setStatus] = useState<StackDiscoveryProposalStatus | typeof ALL>('proposed');
  const { paging, firstPage, tableProps } = useTablePaging();
  const query = useQuery(discoveryScansQueries.proposals(client, configurationId, { ...(status === ALL ? {} : { status }), ...paging }));
  const decide = useDecideProposalMutation(configurationId);
  useRefetchOnScan(scan, query.refetch);
  const [dismissing, setDismissing] = useState<StackDiscoveryProposal | null>(null);

  const columns = useMemo<ColumnDef<StackDiscoveryProposal, unknown>[]>(
    () => [
      { id: 'path', header: t`Folder`, enableSorting: false, cell: ({ row }) => <code dir="ltr">{row.original.path}</code> },
      {
        id: 'repository',
        header: t`Repository`,
        enableSorting: false,
        cell: ({ row }) => (
          <span dir="ltr">
            {row.original.repoName}
            {row.original.branch ? ` (${row.original.branch})` : ''}
          </span>
        ),
      },
      { id: 'engine', header: t`Engine`, enableSorting: false, cell: ({ row }) => engineNames[row.original.iacType] },
      {
        id: 'status',
        header: t`Status`,
        enableSorting: false,
        cell: ({ row }) => <Badge tone={proposalStatusTones[row.original.status]}>{i18n._(proposalStatusLabels[row.original.status])}</Badge>,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        enableSorting: false,
        cell: ({ row }) => {
          const proposal = row.original;
          if (proposal.status === 'accepted' && proposal.stackId) {
            return (
              <Link className="text-primary-subtle-foreground hover:underline" to={discoveryPaths.stack(proposal.stackId)}>
                {t`Open stack`}
              </Link>
            );
          }
          if (proposal.status !== 'proposed') return null;
          return (
            <div className="flex justify-end gap-2">
              <EditButton
                access={access}
                size="sm"
                aria-label={t`Accept ${proposal.path}`}
                disabled={decide.isPending}
                onClick={() => {
                  void decide.mutateAsync({ proposalId: proposal.id, decision: 'accept' }).then(() => toast.success(t`Stack created for ${proposal.path}.`));
                }}
              >
                <Check aria-hidden />
                {t`Accept`}
              </EditButton>
              <EditButton access={access} size="sm" variant="outline" aria-label={t`Dismiss ${proposal.path}`} disabled={decide.isPending} onClick={() => setDismissing(proposal)}>
                <X aria-hidden />
                {t`Dismiss`}
              </EditButton>
            </div>
          );
        },
      },
    ],
    [t, i18n, access, decide],
  );

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <>
      <DataTable
        aria-label={t`Proposed stacks`}
        {...tableProps(query.data?.total ?? 0)}
        columns={columns}
        data={query.data?.items ?? []}
        getRowId={(row) => row.id}
        loading={query.isPending}
        searchable={false}
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor={filterId} className="text-sm text-muted-foreground">
              {t`Status`}
            </label>
            <OptionSelect
              id={filterId}
              className="w-40"
              value={status}
              onValueChange={(value) => {
                setStatus(value as StackDiscoveryProposalStatus | typeof ALL);
                firstPage();
              }}
              options={[
                ...(['proposed', 'accepted', 'dismissed'] as const).map((value) => ({ value, label: i18n._(proposalStatusLabels[value]) })),
                { value: ALL, label: t`All` },
              ]}
            />
          </div>
        }
        empty={
          <EmptyState
            icon={<ScanSearch aria-hidden />}
            title={status === 'proposed' ? t`Nothing to review` : t`No proposed stacks here`}
            text={t`Scans list here the folders with infrastructure code that no stack manages yet.`}
          />
        }
      />
      <LazyConfirmDialog
        open={dismissing !== null}
        onOpenChange={(open) => !open && setDismissing(null)}
        title={dismissing ? t`Dismiss ${dismissing.path}?` : ''}
        description={t`No stack is created for this folder, and later scans do not propose it again.`}
        confirmLabel={t`Dismiss`}
        onConfirm={async () => {
          if (!dismissing) return;
          await decide.mutateAsync({ proposalId: dismissing.id, decision: 'dismiss' });
          toast.success(t`${dismissing.path} dismissed.`);
          setDismissing(null);
        }}
      />
    </>
  );
}
