import { useQuery } from '@tanstack/react-query';
import { ErrorState, Skeleton } from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import { stackDependenciesQueries } from '@terrace/templates/data-access';
import { DependencyGraph } from './dependency-graph';

/** Every dependency between the stacks of a namespace, laid out as a graph. */
export function NamespaceDependencyGraph({ namespaceId }: { namespaceId: string }) {
  const client = useApiClient();
  const graph = useQuery(stackDependenciesQueries.graph(client, { namespaceId }));
  if (graph.isPending) return <Skeleton className="h-40 w-full" />;
  if (graph.isError) return <ErrorState error={graph.error} onRetry={() => void graph.refetch()} retrying={graph.isFetching} />;
  return <DependencyGraph graph={graph.data} />;
}
