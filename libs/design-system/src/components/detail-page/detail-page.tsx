import type { ReactNode } from 'react';
import { ErrorState } from '../error-state/error-state';
import { PageHeader, type PageHeaderProps } from '../page-header/page-header';
import { Skeleton } from '../skeleton/skeleton';
import { Stack } from '../stack/stack';

/** The parts of a TanStack query result the frame reads. */
export interface DetailPageQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DetailPageProps<T> {
  /** The object's query: pending shows the skeleton, an error the error state with a retry. */
  query: DetailPageQuery<T>;
  /** Usually a <Breadcrumbs>; without data (pending, error) the last crumb names what the URL asked for. */
  breadcrumbs: (data: T | undefined) => ReactNode;
  /** The title while the object cannot be shown, e.g. 'Namespace'. */
  errorTitle: ReactNode;
  /** The header once the object is loaded: its title, description and actions. */
  header: (data: T) => Omit<PageHeaderProps, 'breadcrumbs'>;
  /** The page's content (tabs, panels, dialogs). */
  children: (data: T) => ReactNode;
}

/**
 * The frame of every detail page (a namespace, a team, a stack…): breadcrumbs and header, a
 * skeleton while the object loads, the error (the error object, with a retry) when it cannot,
 * then the content. Pages only say what is theirs.
 */
export function DetailPage<T>({ query, breadcrumbs, errorTitle, header, children }: DetailPageProps<T>) {
  if (query.isPending) {
    return (
      <Stack data-slot="detail-page" gap={6} className="p-6" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-9 w-80" />
        <Skeleton className="h-48 w-full" />
      </Stack>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <Stack data-slot="detail-page" gap={6} className="p-6">
        <PageHeader title={errorTitle} breadcrumbs={breadcrumbs(undefined)} />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Stack>
    );
  }
  const data = query.data;
  return (
    <Stack data-slot="detail-page" gap={6} className="p-6">
      <PageHeader {...header(data)} breadcrumbs={breadcrumbs(data)} />
      {children(data)}
    </Stack>
  );
}
