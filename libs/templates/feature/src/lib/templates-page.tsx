import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, PageHeader, Skeleton, Stack } from '@terrace/design-system';
import { templatesQueries } from '@terrace/templates/data-access';
import { useApiClient } from '@terrace/session';

/** The Templates page: pending (skeleton), error (with a retry), empty, then the data. */
export function TemplatesPage() {
  const { t } = useLingui();
  const client = useApiClient();
  const list = useQuery(templatesQueries.list(client));
  return (
    <Stack gap={6} className="p-6">
      <PageHeader title={t`Templates`} />
      {list.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : list.isError ? (
        <ErrorState
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t`Nothing here yet`} />
      ) : (
        <p className="text-sm">{t`${list.data.total} items`}</p>
      )}
    </Stack>
  );
}
