import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Badge, EditButton, EmptyState, ErrorState, lazyDialog, LazyConfirmRemoval, Skeleton, Stack, toast } from '@terrace/design-system';
import { useAccess, useApiClient } from '@terrace/session';
import type { Stack as StackModel } from '@terrace/stacks/data-access';
import {
  stackDependenciesQueries,
  useDeleteDependencyMutation,
  type StackDependency,
} from '@terrace/templates/data-access';
import { GitFork, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DependencyGraph } from './dependency-graph';
import { triggerLabels } from './template-labels';
import { templatePaths } from './template-paths';

// The dependency form (its dialog, form and checks) loads when the user first opens it.
const AddDependencyDialog = lazyDialog(() => import('./add-dependency-dialog').then((m) => m.AddDependencyDialog));

/** The stack page's Dependencies tab: the graph around the stack, what it depends on (editable) and what depends on it. */
export function StackDependenciesTab({ stack }: { stack: StackModel }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const update = useAccess('stack:update');
  const access = { canEdit: update.allowed, readOnlyReason: update.allowed ? '' : update.reason };
  const graph = useQuery(stackDependenciesQueries.graph(client, { stackId: stack.id }));
  const upstream = useQuery(stackDependenciesQueries.stackDependencies(client, stack.id));
  const downstream = useQuery(stackDependenciesQueries.stackDependents(client, stack.id));
  const remove = useDeleteDependencyMutation();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StackDependency | null>(null);
  const names = new Map((graph.data?.nodes ?? []).map((node) => [node.stackId, node.name]));
  const nameOf = (stackId: string) => names.get(stackId) ?? stackId;

  const list = (items: StackDependency[], side: 'upstream' | 'downstream') => (
    <ul className="divide-y divide-border rounded-md border border-border">
      {items.map((dependency) => {
        const other = side === 'upstream' ? dependency.dependsOnStackId : dependency.stackId;
        return (
          <li key={dependency.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
            <Link className="font-medium text-primary-subtle-foreground hover:underline" to={templatePaths.stack(other)}>
              {nameOf(other)}
            </Link>
            <Badge tone="outline">{i18n._(triggerLabels[dependency.triggerOption])}</Badge>
            <span className="flex flex-wrap gap-1 text-muted-foreground">
              {dependency.references.map((reference) => (
                <code key={`${reference.outputOfStackToDependOn}-${reference.inputForStack}`} dir="ltr" className="rounded bg-muted px-1">
                  {`${reference.outputOfStackToDependOn} → ${reference.inputForStack}${reference.includeSensitiveOutput ? ' 🔒' : ''}`}
                </code>
              ))}
            </span>
            {side === 'upstream' && (
              <EditButton access={access} row className="ms-auto" aria-label={t`Remove dependency on ${nameOf(other)}`} onClick={() => setRemoving(dependency)}>
                <Trash2 aria-hidden />
              </EditButton>
            )}
          </li>
        );
      })}
    </ul>
  );

  return (
    <Stack gap={6}>
      <section aria-labelledby="dependency-graph-title" className="flex flex-col gap-3">
        <h2 id="dependency-graph-title" className="text-base font-semibold">{t`Dependency graph`}</h2>
        {graph.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : graph.isError ? (
          <ErrorState error={graph.error} onRetry={() => void graph.refetch()} retrying={graph.isFetching} />
        ) : (
          <DependencyGraph graph={graph.data} currentStackId={stack.id} />
        )}
      </section>
      <section aria-labelledby="depends-on-title" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="depends-on-title" className="text-base font-semibold">{t`Depends on`}</h2>
          <EditButton access={access} onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            {t`Add dependency`}
          </EditButton>
        </div>
        {upstream.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : upstream.isError ? (
          <ErrorState error={upstream.error} onRetry={() => void upstream.refetch()} retrying={upstream.isFetching} />
        ) : upstream.data.length === 0 ? (
          <EmptyState icon={<GitFork aria-hidden />} title={t`No dependencies`} text={t`This stack does not wait for any other stack.`} />
        ) : (
          list(upstream.data, 'upstream')
        )}
      </section>
      <section aria-labelledby="used-by-title" className="flex flex-col gap-3">
        <h2 id="used-by-title" className="text-base font-semibold">{t`Stacks that depend on it`}</h2>
        {downstream.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : downstream.isError ? (
          <ErrorState error={downstream.error} onRetry={() => void downstream.refetch()} retrying={downstream.isFetching} />
        ) : downstream.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t`No stack depends on this one.`}</p>
        ) : (
          list(downstream.data, 'downstream')
        )}
      </section>
      <AddDependencyDialog stack={stack} open={adding} onOpenChange={setAdding} exclude={(upstream.data ?? []).map((d) => d.dependsOnStackId)} />
      <LazyConfirmRemoval
        target={removing}
        onClose={() => setRemoving(null)}
        title={(target) => t`Remove the dependency on ${nameOf(target.dependsOnStackId)}?`}
        description={t`This stack will no longer wait for it nor receive its outputs.`}
        confirmLabel={t`Remove dependency`}
        onConfirm={async (target) => {
          await remove.mutateAsync(target.id);
          toast.success(t`Dependency removed.`);
        }}
      />
    </Stack>
  );
}
