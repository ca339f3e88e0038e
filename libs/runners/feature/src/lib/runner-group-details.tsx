import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { zRunnerGroupTokenInput } from '@terrace/api-client/schemas';
import {
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  ErrorState,
  Stack,
  TokenList,
  type EditAccess,
  type FieldMessages,
} from '@terrace/design-system';
import {
  runnersQueries,
  useCreateRunnerGroupTokenMutation,
  useRevokeRunnerGroupTokenMutation,
  type PageSize,
  type Runner,
  type RunnerGroup,
  type RunnerGroupToken,
} from '@terrace/runners/data-access';
import { useApiClient } from '@terrace/session';
import { X } from 'lucide-react';
import { useState } from 'react';
import { runnerHealthLabels, useRunnerGroupName } from './runner-labels';

export interface RunnerGroupDetailsProps {
  group: RunnerGroup;
  access: EditAccess;
  onClose: () => void;
}

/** One runner group opened from the list: its runners with their health, and its registration tokens. */
export function RunnerGroupDetails({ group, access, onClose }: RunnerGroupDetailsProps) {
  const { t } = useLingui();
  const name = useRunnerGroupName()(group);
  return (
    <Card aria-labelledby={`runner-group-${group.id}`} role="region">
      <CardHeader>
        <Stack direction="row" align="center" justify="between" gap={2}>
          <CardTitle id={`runner-group-${group.id}`}>{t`Runner group ${name}`}</CardTitle>
          <Button variant="ghost" size="sm" aria-label={t`Close runner group ${name}`} onClick={onClose}>
            <X aria-hidden />
          </Button>
        </Stack>
        <CardDescription>
          {group.mode === 'managed'
            ? t`The managed runner runs inside Terrace; only its concurrency limit can change.`
            : t`Start a runner on any machine with a registration token of this group; it connects out over HTTPS and takes the group's jobs.`}
        </CardDescription>
      </CardHeader>
      <CardBody>
        <Stack gap={6}>
          <GroupRunners group={group} name={name} />
          {group.mode === 'selfHosted' && <GroupTokens group={group} access={access} />}
        </Stack>
      </CardBody>
    </Card>
  );
}

const runnerPageSizes = [10, 20, 50, 100] as const satisfies readonly PageSize[];

function GroupRunners({ group, name }: { group: RunnerGroup; name: string }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const [paging, setPaging] = useState<{ pageIndex: number; pageSize: PageSize }>({ pageIndex: 0, pageSize: 10 });
  const runners = useQuery(runnersQueries.runners(client, group.id, { page: paging.pageIndex + 1, pageSize: paging.pageSize }));
  const columns: ColumnDef<Runner, unknown>[] = [
    { id: 'name', header: t`Runner`, enableSorting: false, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
    {
      id: 'health',
      header: t`Health`,
      enableSorting: false,
      cell: ({ row }) => {
        const health = runnerHealthLabels[row.original.health];
        return <Badge tone={health.tone}>{i18n._(health.label)}</Badge>;
      },
    },
    {
      id: 'version',
      header: t`Version`,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="font-mono text-xs" dir="ltr">
          {row.original.version ?? t`Unknown`}
        </span>
      ),
    },
    {
      id: 'lastHeartbeatAt',
      header: t`Last heartbeat`,
      enableSorting: false,
      cell: ({ row }) => (
        <time className="whitespace-nowrap" dateTime={row.original.lastHeartbeatAt}>
          {i18n.date(row.original.lastHeartbeatAt, { dateStyle: 'medium', timeStyle: 'medium' })}
        </time>
      ),
    },
  ];
  return (
    <Stack gap={2}>
      <h4 className="text-sm font-semibold">{t`Runners`}</h4>
      {runners.isError ? (
        <ErrorState error={runners.error} onRetry={() => void runners.refetch()} retrying={runners.isFetching} />
      ) : (
        <DataTable
          aria-label={t`Runners of ${name}`}
          columns={columns}
          data={runners.data?.items ?? []}
          getRowId={(runner) => runner.id}
          loading={runners.isPending}
          mode="server"
          totalCount={runners.data?.total ?? 0}
          pagination={paging}
          onPaginationChange={(next) => setPaging({ pageIndex: next.pageIndex, pageSize: runnerPageSizes.find((size) => size === next.pageSize) ?? 10 })}
          pageSizes={runnerPageSizes}
          searchable={false}
          empty={<p className="px-4 py-8 text-center text-sm text-muted-foreground">{t`No runner has connected with this group's tokens yet.`}</p>}
        />
      )}
    </Stack>
  );
}

const tokenMessages: FieldMessages = { name: { required: msg`Enter a name for the token.` } };

function GroupTokens({ group, access }: { group: RunnerGroup; access: EditAccess }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const tokens = useQuery(runnersQueries.tokens(client, group.id));
  const create = useCreateRunnerGroupTokenMutation();
  const revoke = useRevokeRunnerGroupTokenMutation();
  const columns: ColumnDef<RunnerGroupToken, unknown>[] = [
    {
      id: 'lastUsedAt',
      header: t`Last used`,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.lastUsedAt ? (
          <span className="whitespace-nowrap">{i18n.date(row.original.lastUsedAt, { dateStyle: 'medium', timeStyle: 'short' })}</span>
        ) : (
          t`Never`
        ),
    },
  ];
  return (
    <Stack gap={2}>
      <h4 className="text-sm font-semibold">{t`Registration tokens`}</h4>
      <TokenList
        aria-label={t`Registration tokens of ${group.name}`}
        query={tokens}
        items={tokens.data}
        columns={columns}
        access={access}
        empty={{ title: t`No registration tokens yet`, text: t`Create one to start a runner with it.` }}
        create={{
          title: t`Create a registration token for ${group.name}`,
          description: t`A runner started with this token joins the group. The token is shown once, right after it is created.`,
          name: zRunnerGroupTokenInput.shape.name,
          messages: tokenMessages,
          label: t`Name`,
          help: t`Where the runners that use it run, e.g. ci-pool.`,
          onCreate: (name) => create.mutateAsync({ groupId: group.id, name }),
        }}
        revoke={{
          description: t`Runners registered with this token are no longer accepted.`,
          onRevoke: (token) => revoke.mutateAsync({ groupId: group.id, tokenId: token.id }),
        }}
      />
    </Stack>
  );
}
