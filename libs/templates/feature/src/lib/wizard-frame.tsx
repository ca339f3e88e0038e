import { useLingui } from '@lingui/react/macro';
import { BreadcrumbItem, BreadcrumbLink, BreadcrumbPage, Breadcrumbs, ErrorState, PageHeader, Skeleton, Stack } from '@terrace/design-system';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { templatePaths } from './template-paths';

/** The header of the templates wizards: where it sits, and what is being made or edited. */
export function WizardFrame({ title, parent, current, children }: { title: string; parent?: { name: string; id: string }; current: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={title}
        breadcrumbs={
          <Breadcrumbs>
            <BreadcrumbItem>
              <BreadcrumbLink asChild>
                <Link to={templatePaths.list()}>{t`Self-Service Templates`}</Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
            {parent && (
              <BreadcrumbItem>
                <BreadcrumbLink asChild>
                  <Link to={templatePaths.details(parent.id)}>{parent.name}</Link>
                </BreadcrumbLink>
              </BreadcrumbItem>
            )}
            <BreadcrumbItem>
              <BreadcrumbPage>{current}</BreadcrumbPage>
            </BreadcrumbItem>
          </Breadcrumbs>
        }
      />
      {children}
    </Stack>
  );
}

/** What a wizard shows while the object it edits loads, or when it cannot. */
export function WizardLoading({ title, query }: { title: string; query: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown } }) {
  if (query.isError) {
    return (
      <Stack gap={6} className="p-6">
        <PageHeader title={title} />
        <ErrorState error={query.error as Error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Stack>
    );
  }
  return (
    <Stack gap={6} className="p-6" aria-busy="true">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-96 w-full" />
    </Stack>
  );
}
