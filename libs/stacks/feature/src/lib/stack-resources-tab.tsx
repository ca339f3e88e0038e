import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Badge,
  Button,
  CopyButton,
  DataTable,
  DisabledReason,
  EmptyState,
  ErrorState,
  Label,
  lazyDialog,
  Switch,
} from '@terrace/design-system';
import { useAccess, useApiClient } from '@terrace/session';
import {
  stackResourcePageSizes,
  stackStateQueries,
  type Stack,
  type StackResource,
  type StackResourceFilters,
  type StackResourcePageSize,
} from '@terrace/stacks/data-access';
import { Boxes } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

const defaultPageSize: StackResourcePageSize = 20;

// The attributes dialog (Radix dialog, code block) loads when it first opens.
const ResourceAttributesDialog = lazyDialog(
  () => import('./resource-attributes-dialog').then((m) => m.ResourceAttributesDialog),
  (props) => props.resource !== null,
);

/** The resource list's page, size and whether attributes are shown, in the URL beside the tab. */
function useResourceParams(): [StackResourceFilters, (next: Partial<StackResourceFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<StackResourceFilters>(() => {
    const size = Number(params.get('resourcesPageSize'));
    return {
      page: Math.max(1, Math.floor(Number(params.get('resourcesPage')) || 1)),
      pageSize: stackResourcePageSizes.find((s) => s === size) ?? defaultPageSize,
      ...(params.get('attributes') === 'true' ? { extendedOutput: true } : {}),
    };
  }, [params]);
  const update = useCallback(
    (next: Partial<StackResourceFilters>) =>
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          const set = (key: string, value: string | number | boolean | undefined, fallback: string | number | boolean) => {
            if (value === undefined || value === fallback) merged.delete(key);
            else merged.set(key, String(value));
          };
          if ('pageSize' in next) set('resourcesPageSize', next.pageSize, defaultPageSize);
          if ('page' in next) set('resourcesPage', next.page, 1);
          if ('extendedOutput' in next) set('attributes', next.extendedOutput, false);
          return merged;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update];
}

/**
 * The resource instances of the stack's current state, in the state's order, a page at a time.
 * Those who may read the state (`stackState:read`) can show each instance's attributes; the server
 * reads them from the state, redacts what Terraform marks sensitive, and audits the read.
 */
export function StackResourcesTab({ stack }: { stack: Stack }) {
  const { t } = useLingui();
  const client = useApiClient();
  const [filters, setFilters] = useResourceParams();
  const stateAccess = useAccess({ permission: 'stackState:read', namespaceId: stack.namespaceId, stack: { createdByActor: false } });
  const extended = filters.extendedOutput === true && stateAccess.allowed;
  const resources = useQuery(stackStateQueries.resources(client, stack.id, { ...filters, ...(extended ? {} : { extendedOutput: undefined }) }));
  const [shown, setShown] = useState<StackResource | null>(null);
  const switchId = useId();

  const columns = useMemo<ColumnDef<StackResource, unknown>[]>(
    () => [
      {
        id: 'address',
        header: t`Address`,
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex min-w-64 items-center gap-2">
            <span className="font-mono text-sm [overflow-wrap:anywhere]" dir="ltr">
              {row.original.address}
            </span>
            {row.original.mode === 'data' ? <Badge size="sm">{t`Data source`}</Badge> : null}
          </span>
        ),
      },
      {
        id: 'provider',
        header: t`Provider`,
        enableSorting: false,
        cell: ({ row }) => (
          // The registry host is the same for nearly every provider: namespace/type reads at a glance.
          <span className="font-mono text-xs whitespace-nowrap text-muted-foreground" dir="ltr" title={row.original.provider}>
            {row.original.provider?.replace(/^registry\.(terraform|opentofu)\.io\//, '') ?? ''}
          </span>
        ),
      },
      {
        id: 'logicalResourceId',
        header: t`Cloud ID`,
        enableSorting: false,
        cell: ({ row }) =>
          row.original.logicalResourceId ? (
            <span className="flex max-w-72 min-w-0 items-center gap-1">
              <span className="truncate font-mono text-xs" dir="ltr" title={row.original.logicalResourceId}>
                {row.original.logicalResourceId}
              </span>
              <CopyButton text={row.original.logicalResourceId} />
            </span>
          ) : null,
      },
      { id: 'region', header: t`Region`, enableSorting: false, cell: ({ row }) => row.original.region ?? '' },
      ...(extended
        ? [
            {
              id: 'attributes',
              header: t`Attributes`,
              enableSorting: false,
              cell: ({ row }: { row: { original: StackResource } }) => (
                <Button variant="outline" size="sm" onClick={() => setShown(row.original)} aria-label={t`Attributes of ${row.original.address}`}>
                  {t`View`}
                </Button>
              ),
            } satisfies ColumnDef<StackResource, unknown>,
          ]
        : []),
    ],
    [t, extended],
  );

  if (resources.isError) return <ErrorState error={resources.error} onRetry={() => void resources.refetch()} retrying={resources.isFetching} />;
  const none = resources.isSuccess && resources.data.total === 0;
  if (none) {
    return <EmptyState icon={<Boxes aria-hidden />} title={t`No resources yet`} text={t`The cloud resources the stack manages appear after its first deployment.`} />;
  }
  return (
    <section aria-labelledby="stack-resources" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="stack-resources" className="text-base font-semibold">{t`Resources`}</h2>
        <DisabledReason reason={stateAccess.allowed ? undefined : stateAccess.reason}>
          <span className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={extended}
              disabled={!stateAccess.allowed}
              onCheckedChange={(checked) => setFilters({ extendedOutput: checked })}
            />
            <Label htmlFor={switchId}>{t`Show attributes`}</Label>
          </span>
        </DisabledReason>
      </div>
      <DataTable
        aria-label={t`Resources`}
        columns={columns}
        data={resources.data?.items ?? []}
        mode="server"
        getRowId={(row) => row.address}
        totalCount={resources.data?.total ?? 0}
        loading={resources.isPending}
        pagination={{ pageIndex: filters.page - 1, pageSize: filters.pageSize }}
        onPaginationChange={(next) =>
          setFilters({ page: next.pageSize !== filters.pageSize ? 1 : next.pageIndex + 1, pageSize: next.pageSize as StackResourcePageSize })
        }
        pageSizes={stackResourcePageSizes}
        searchable={false}
      />
      <ResourceAttributesDialog resource={shown} onClose={() => setShown(null)} />
    </section>
  );
}
