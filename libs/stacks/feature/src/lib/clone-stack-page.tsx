import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState, ErrorState, Input, Label, PageHeader, Skeleton, Stack as Column, toast } from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import { stacksQueries, useCreateStackMutation } from '@terrace/stacks/data-access';
import { Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { stackToForm } from './stack-to-form';
import { iacTypeLabels } from './stack-labels';
import { stackPaths } from './stack-paths';
import { StackWizard } from './stack-wizard-page';
import { WithStack } from './with-stack';

/** /cloneStackWizard?stackId=: a new stack with another stack's settings; without ?stackId, the user picks that stack first. */
export function CloneStackRoute() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const create = useCreateStackMutation();
  const navigate = useNavigate();
  const stackId = params.get('stackId') ?? '';
  if (!stackId) return <ChooseStackToClone onChoose={(id) => setParams({ stackId: id })} onCancel={() => void navigate(-1)} />;
  return (
    <WithStack stackId={stackId} title={t`Clone stack`}>
      {(source) => (
        <StackWizard
          title={t`Clone stack ${source.name}`}
          submitLabel={t`Create stack`}
          initial={stackToForm(source, true)}
          onSubmit={async (values) => {
            const created = await create.mutateAsync(values);
            toast.success(t`Stack ${created.name} created.`);
            void navigate(stackPaths.details(created.id));
          }}
          onCancel={() => void navigate(stackPaths.details(source.id))}
        />
      )}
    </WithStack>
  );
}

/** The first step of a clone opened without a stack: find the stack to start from (by part of its name). */
function ChooseStackToClone({ onChoose, onCancel }: { onChoose: (stackId: string) => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(draft.trim()), 300);
    return () => clearTimeout(timer);
  }, [draft]);
  const stacks = useQuery(stacksQueries.list(client, { page: 1, pageSize: 20, ...(search ? { name: search } : {}), sortBy: 'name', sortOrder: 'asc' }));
  const searchId = useId();
  return (
    <Column gap={6} className="p-6">
      <PageHeader title={t`Clone stack`} description={t`Choose the stack whose settings the new stack starts from.`} />
      <Column gap={3} className="max-w-2xl">
        <Label htmlFor={searchId}>{t`Find a stack by name`}</Label>
        <Input id={searchId} type="search" value={draft} onChange={(event) => setDraft(event.target.value)} autoComplete="off" />
        {stacks.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : stacks.isError ? (
          <ErrorState error={stacks.error} onRetry={() => void stacks.refetch()} retrying={stacks.isFetching} />
        ) : stacks.data.items.length === 0 ? (
          <EmptyState
            icon={<Copy aria-hidden />}
            title={search ? t`No stack matches ${search}` : t`No stacks to clone yet`}
            text={search ? t`Try another part of the name.` : t`Create a stack first; it can then be cloned.`}
          />
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border" aria-label={t`Stacks`}>
            {stacks.data.items.map((stack) => (
              <li key={stack.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium">{stack.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {[stack.namespaceName ?? stack.namespaceId, i18n._(iacTypeLabels[stack.iacType])].join(' · ')}
                  </span>
                </span>
                <Button variant="outline" size="sm" aria-label={t`Clone ${stack.name}`} onClick={() => onChoose(stack.id)}>
                  <Copy aria-hidden />
                  {t`Clone`}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {stacks.isSuccess && stacks.data.total > stacks.data.items.length && (
          <p className="text-sm text-muted-foreground">{t`Showing ${stacks.data.items.length} of ${stacks.data.total}: type part of a name to find others.`}</p>
        )}
        <div>
          <Button variant="outline" onClick={onCancel}>
            {t`Cancel`}
          </Button>
        </div>
      </Column>
    </Column>
  );
}
