import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Badge,
  CodeBlock,
  CopyButton,
  DataTable,
  EditButton,
  EmptyState,
  ErrorState,
  LazyConfirmRemoval,
  OptionSelect,
  Skeleton,
  Stack as Column,
  toast,
  useActionsColumn,
  type EditAccess,
} from '@terrace/design-system';
import { appPath, useAccess, useApiClient, type AccessState } from '@terrace/session';
import {
  stackStateQueries,
  stateVersionPageSizes,
  stateVersionStatuses,
  useForceUnlockStackStateMutation,
  useRollbackStackStateMutation,
  useStateVersionContentMutation,
  type Stack,
  type StackStateLock,
  type StackStateVersion,
  type StateVersionFilters,
  type StateVersionPageSize,
  type StateVersionStatus,
} from '@terrace/stacks/data-access';
import { Download, History, Lock, LockOpen, RotateCcw } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { lockOperationLabels, stateVersionStatusLabels, stateVersionStatusTones, stateWriterLabels } from './stack-state-labels';

const ALL = 'all';
/** The select's value of the stack's own state (a unit is a directory under the stack's: never `.`). */
const ROOT = '.';
const defaultPageSize: StateVersionPageSize = 20;

const toEditAccess = (state: AccessState): EditAccess =>
  state.allowed ? { canEdit: true, readOnlyReason: '' } : { canEdit: false, readOnlyReason: state.reason };

/** The version list's unit, page, size and status filter, in the URL beside the page's tab. */
function useStateVersionParams(): [StateVersionFilters, (next: Partial<StateVersionFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<StateVersionFilters>(() => {
    const size = Number(params.get('stateVersionsPageSize'));
    const status = stateVersionStatuses.find((s) => s === params.get('stateStatus'));
    const unit = params.get('stateUnit');
    return {
      ...(unit ? { unit } : {}),
      page: Math.max(1, Math.floor(Number(params.get('stateVersionsPage')) || 1)),
      pageSize: stateVersionPageSizes.find((s) => s === size) ?? defaultPageSize,
      ...(status ? { status } : {}),
    };
  }, [params]);
  const update = useCallback(
    (next: Partial<StateVersionFilters>) =>
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          const set = (key: string, value: string | number | undefined, fallback: string | number) => {
            if (value === undefined || value === fallback) merged.delete(key);
            else merged.set(key, String(value));
          };
          if ('unit' in next) set('stateUnit', next.unit, '');
          if ('status' in next) set('stateStatus', next.status, '');
          if ('pageSize' in next) set('stateVersionsPageSize', next.pageSize, defaultPageSize);
          if ('page' in next) set('stateVersionsPage', next.page, 1);
          return merged;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update];
}

/** Saves a state file the way a browser downloads a file. */
function saveFile(name: string, content: string) {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * The stack's Terraform state: its lock (with a permission-checked release), its versions (every
 * write, refused writes kept as quarantined), download and rollback, and how to use it from the
 * CLI's `http` backend.
 */
export function StackStateTab({ stack }: { stack: Stack }) {
  return (
    <Column gap={6}>
      <StateLockSection stack={stack} />
      <StateVersionsSection stack={stack} />
      <BackendSection stack={stack} />
    </Column>
  );
}

/** How a state is named where a stack has several: a unit's directory, or the stack's own state. */
function StateName({ unit }: { unit: string | undefined }) {
  const { t } = useLingui();
  return unit ? (
    <span className="break-all font-mono text-xs" dir="ltr">
      {unit}
    </span>
  ) : (
    <>{t`Stack root`}</>
  );
}

function StateLockSection({ stack }: { stack: Stack }) {
  const { t } = useLingui();
  const client = useApiClient();
  const locks = useQuery(stackStateQueries.locks(client, stack.id));
  const release = useForceUnlockStackStateMutation();
  const access = toEditAccess(useAccess({ permission: 'stackState:forceUnlock', namespaceId: stack.namespaceId, stack: { createdByActor: false } }));
  const [releasing, setReleasing] = useState<StackStateLock | null>(null);

  let body;
  if (locks.isPending) body = <Skeleton className="h-16 w-full" />;
  else if (locks.isError) body = <ErrorState error={locks.error} onRetry={() => void locks.refetch()} retrying={locks.isFetching} />;
  else if (locks.data.length === 0) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <LockOpen aria-hidden className="size-4" />
        {t`The state is not locked.`}
      </p>
    );
  } else {
    // A terragrunt stack's units each lock their own state: every held lock, each named by its state.
    const named = locks.data.some((held) => held.unit);
    body = (
      <Column gap={2}>
        {locks.data.map((held) => (
          <StateLockCard key={`${held.unit ?? ''}:${held.lockId}`} held={held} named={named} access={access} onRelease={() => setReleasing(held)} />
        ))}
      </Column>
    );
  }
  return (
    <section aria-labelledby="state-lock">
      <h2 id="state-lock" className="mb-2 text-base font-semibold">{locks.data && locks.data.length > 1 ? t`State locks` : t`State lock`}</h2>
      {body}
      <LazyConfirmRemoval
        target={releasing}
        onClose={() => setReleasing(null)}
        title={(held) => (held.unit ? t`Release the state lock of unit ${held.unit} in ${stack.name}?` : t`Release the state lock of ${stack.name}?`)}
        description={t`Release a lock only when nothing holds it any more (a lost run, an interrupted CLI). A run or CLI still working would then write over changes made after it.`}
        confirmLabel={t`Release lock`}
        phrase={stack.name}
        onConfirm={async (held) => {
          await release.mutateAsync({ stackId: stack.id, lockId: held.lockId });
          toast.success(held.unit ? t`The state lock of unit ${held.unit} in ${stack.name} was released.` : t`The state lock of ${stack.name} was released.`);
        }}
      />
    </section>
  );
}

/** One held lock: its state (where the stack has several), holder, operation, since when, its id, and its release. */
function StateLockCard({ held, named, access, onRelease }: { held: StackStateLock; named: boolean; access: EditAccess; onRelease: () => void }) {
  const { t, i18n } = useLingui();
  const operation = held.operation ? lockOperationLabels[held.operation] : undefined;
  return (
    <div role="status" className="flex flex-wrap items-start gap-3 rounded-md border border-border bg-warning-subtle p-3 text-sm text-warning-subtle-foreground">
      <Lock aria-hidden className="mt-0.5 size-4" />
      <dl className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[10rem_1fr]">
        {named && (
          <>
            <dt className="font-medium">{t({ message: 'Unit', context: 'terragrunt unit' })}</dt>
            <dd>
              <StateName unit={held.unit} />
            </dd>
          </>
        )}
        <dt className="font-medium">{t`Held by`}</dt>
        <dd>
          {held.holder.name} ({i18n._(stateWriterLabels[held.holder.kind])}){held.who ? ` · ${held.who}` : ''}
        </dd>
        <dt className="font-medium">{t`Operation`}</dt>
        <dd>{operation ? i18n._(operation) : (held.operation ?? t`Not given`)}</dd>
        <dt className="font-medium">{t`Since`}</dt>
        <dd>
          <time dateTime={held.acquiredAt}>{i18n.date(held.acquiredAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
        </dd>
        <dt className="font-medium">{t`Lock ID`}</dt>
        <dd className="flex items-center gap-1 font-mono text-xs" dir="ltr">
          <span className="break-all">{held.lockId}</span>
          <CopyButton text={held.lockId} label={t`Copy the lock ID`} />
        </dd>
      </dl>
      <EditButton
        access={access}
        variant="outline"
        size="sm"
        aria-label={held.unit ? t`Release lock of unit ${held.unit}` : undefined}
        onClick={onRelease}
      >
        <LockOpen aria-hidden />
        {t`Release lock`}
      </EditButton>
    </div>
  );
}

function StateVersionsSection({ stack }: { stack: Stack }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const [filters, setFilters] = useStateVersionParams();
  const versions = useQuery(stackStateQueries.versions(client, stack.id, filters));
  const units = useQuery(stackStateQueries.units(client, stack.id));
  const unit = filters.unit;
  const target = { namespaceId: stack.namespaceId, stack: { createdByActor: false } };
  const readAccess = toEditAccess(useAccess({ permission: 'stackState:read', ...target }));
  const writeAccess = toEditAccess(useAccess({ permission: 'stackState:write', ...target }));
  const download = useStateVersionContentMutation();
  const rollback = useRollbackStackStateMutation();
  const [rollingBack, setRollingBack] = useState<StackStateVersion | null>(null);

  const actions = useActionsColumn<StackStateVersion>((version) => (
    <>
      <EditButton
        access={readAccess}
        row
        aria-label={t`Download serial ${version.serial}`}
        loading={download.isPending && download.variables?.stateVersionId === version.id}
        onClick={async () => {
          const content = await download.mutateAsync({ stackId: stack.id, stateVersionId: version.id });
          saveFile(`${[stack.name, ...(version.unit ? [version.unit.replaceAll('/', '-')] : []), version.serial].join('-')}.tfstate`, content.content);
        }}
      >
        <Download aria-hidden />
      </EditButton>
      <EditButton
        access={writeAccess}
        row
        aria-label={t`Roll back to serial ${version.serial}`}
        disabled={version.status === 'current'}
        onClick={() => setRollingBack(version)}
      >
        <RotateCcw aria-hidden />
      </EditButton>
    </>
  ));

  const columns = useMemo<ColumnDef<StackStateVersion, unknown>[]>(
    () => [
      { id: 'serial', header: t`Serial`, enableSorting: false, cell: ({ row }) => <span className="font-mono">{row.original.serial}</span> },
      {
        id: 'status',
        header: t`Status`,
        enableSorting: false,
        cell: ({ row }) => (
          <Column gap={1}>
            <Badge tone={stateVersionStatusTones[row.original.status]}>{i18n._(stateVersionStatusLabels[row.original.status])}</Badge>
            {row.original.reason && <span className="max-w-md text-xs text-muted-foreground">{row.original.reason}</span>}
            {row.original.rolledBackFrom && <span className="text-xs text-muted-foreground">{t`Rolled back from ${row.original.rolledBackFrom}`}</span>}
          </Column>
        ),
      },
      {
        id: 'writer',
        header: t`Written by`,
        enableSorting: false,
        cell: ({ row }) => (
          <span>
            {row.original.createdBy.name}
            <span className="text-muted-foreground"> · {i18n._(stateWriterLabels[row.original.createdBy.kind])}</span>
          </span>
        ),
      },
      { id: 'resources', header: t`Resources`, enableSorting: false, cell: ({ row }) => i18n.number(row.original.resourceCount) },
      {
        id: 'size',
        header: t`Size`,
        enableSorting: false,
        cell: ({ row }) => i18n.number(row.original.size / 1024, { maximumFractionDigits: 1, style: 'unit', unit: 'kilobyte' }),
      },
      { id: 'engine', header: t`Version`, enableSorting: false, cell: ({ row }) => row.original.terraformVersion ?? '' },
      {
        id: 'createdAt',
        header: t`Written`,
        enableSorting: false,
        cell: ({ row }) => (
          <time dateTime={row.original.createdAt}>{i18n.date(row.original.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
        ),
      },
      actions,
    ],
    [t, i18n, actions],
  );

  // A terragrunt stack of several units: each unit's state has its own history; the stack's own state stays the default.
  const unitNames = units.data?.map((u) => u.unit) ?? [];
  if (unit && !unitNames.includes(unit)) unitNames.push(unit);
  const unitSelect = unitNames.length > 0 && (
    <OptionSelect
      aria-label={t({ message: 'Unit', context: 'terragrunt unit' })}
      className="w-56"
      value={unit ?? ROOT}
      onValueChange={(v) => setFilters({ unit: v === ROOT ? undefined : v, page: 1 })}
      options={[{ value: ROOT, label: t`Stack root` }, ...unitNames.map((name) => ({ value: name, label: <bdi dir="ltr">{name}</bdi> }))]}
    />
  );
  const statusSelect = (
    <OptionSelect
      aria-label={t`Status`}
      className="w-44"
      value={filters.status ?? ALL}
      onValueChange={(v) => setFilters({ status: v === ALL ? undefined : (v as StateVersionStatus), page: 1 })}
      options={[{ value: ALL, label: t`All versions` }, ...stateVersionStatuses.map((status) => ({ value: status, label: i18n._(stateVersionStatusLabels[status]) }))]}
    />
  );
  const toolbar = unitSelect ? (
    <div className="flex flex-wrap items-center gap-2">
      {unitSelect}
      {statusSelect}
    </div>
  ) : (
    statusSelect
  );

  const unfilteredEmpty = versions.isSuccess && versions.data.total === 0 && !filters.status;
  return (
    <section aria-labelledby="state-versions">
      <h2 id="state-versions" className="mb-2 text-base font-semibold">{t`State versions`}</h2>
      {versions.isError ? (
        <ErrorState error={versions.error} onRetry={() => void versions.refetch()} retrying={versions.isFetching} />
      ) : unfilteredEmpty ? (
        <Column gap={2}>
          {unitSelect}
          <EmptyState
            icon={<History aria-hidden />}
            title={t`No state yet`}
            text={
              unitSelect && !unit
                ? t`This stack’s units each keep a state of their own: choose a unit to see its versions.`
                : t`Every time a run or your Terraform CLI writes this stack’s state, a new version appears here.`
            }
          />
        </Column>
      ) : (
        <DataTable
          aria-label={t`State versions`}
          mode="server"
          columns={columns}
          data={versions.data?.items ?? []}
          getRowId={(row) => row.id}
          totalCount={versions.data?.total ?? 0}
          loading={versions.isPending}
          pagination={{ pageIndex: filters.page - 1, pageSize: filters.pageSize }}
          onPaginationChange={(next) =>
            setFilters({ page: next.pageSize !== filters.pageSize ? 1 : next.pageIndex + 1, pageSize: next.pageSize as StateVersionPageSize })
          }
          pageSizes={stateVersionPageSizes}
          searchable={false}
          actions={toolbar}
          empty={<EmptyState title={t`No version has this status`} text={t`Choose another status to see the other versions.`} />}
        />
      )}
      <LazyConfirmRemoval
        target={rollingBack}
        onClose={() => setRollingBack(null)}
        title={(version) => (version.unit ? t`Roll back unit ${version.unit} of ${stack.name} to serial ${version.serial}?` : t`Roll back ${stack.name} to serial ${version.serial}?`)}
        description={t`A new version with this version’s content becomes the current state; the next run or CLI reads it and plans from it. The versions in between are kept.`}
        confirmLabel={t`Roll back`}
        phrase={stack.name}
        onConfirm={async (version) => {
          const created = await rollback.mutateAsync({ stackId: stack.id, stateVersionId: version.id });
          toast.success(
            created.unit ? t`Unit ${created.unit} of ${stack.name} rolled back: serial ${created.serial} is now current.` : t`${stack.name} rolled back: serial ${created.serial} is now current.`,
          );
        }}
      />
    </section>
  );
}

function BackendSection({ stack }: { stack: Stack }) {
  const { t } = useLingui();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const address = `${origin}/api/state/${stack.id}`;
  const code = [
    'terraform {',
    '  backend "http" {',
    `    address        = "${address}"`,
    `    lock_address   = "${address}/lock"`,
    `    unlock_address = "${address}/lock"`,
    '    username       = "terraform"',
    '  }',
    '}',
  ].join('\n');
  return (
    <section aria-labelledby="state-backend">
      <h2 id="state-backend" className="mb-2 text-base font-semibold">{t`Use this state from the Terraform CLI`}</h2>
      <Column gap={2}>
        <p className="text-sm text-muted-foreground">
          {t`Add this backend to the stack’s code, and give a personal access token as the password in the TF_HTTP_PASSWORD environment variable.`}{' '}
          <Link className="text-primary-subtle-foreground underline" to={appPath('terraformLogin')}>
            {t`Create a personal access token`}
          </Link>
        </p>
        <CodeBlock code={code} title="backend.tf" dir="ltr" />
      </Column>
    </section>
  );
}
