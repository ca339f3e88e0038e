import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { Badge, Button, CopyButton, DataTable, EditButton, EmptyState, ErrorState, Skeleton } from '@terrace/design-system';
import { useAccess, useApiClient } from '@terrace/session';
import { stackStateQueries, useRevealStackOutputMutation, type Stack, type StackOutput } from '@terrace/stacks/data-access';
import { Eye, EyeOff, FileOutput } from 'lucide-react';
import { useMemo, useState } from 'react';

/** An output's value as text: a string as it is, anything else as indented JSON. */
export function outputText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function OutputValue({ value }: { value: unknown }) {
  const text = outputText(value);
  return (
    <span className="flex w-full min-w-0 items-start gap-1">
      <pre className="relative max-h-40 min-w-0 flex-1 overflow-auto font-mono text-xs whitespace-pre-wrap break-all" dir="ltr">
        {text}
      </pre>
      <CopyButton text={text} />
    </span>
  );
}

/**
 * The outputs of the stack's current state. Sensitive values are not sent with the list: those
 * who may (`stackOutput:readSecret`) reveal one at a time, and each reveal is audited.
 */
export function StackOutputsTab({ stack }: { stack: Stack }) {
  const { t } = useLingui();
  const client = useApiClient();
  const outputs = useQuery(stackStateQueries.outputs(client, stack.id));
  const revealAccess = useAccess({ permission: 'stackOutput:readSecret', namespaceId: stack.namespaceId, stack: { createdByActor: false } });
  const reveal = useRevealStackOutputMutation();
  const [revealed, setRevealed] = useState<Record<string, unknown>>({});

  const columns = useMemo<ColumnDef<StackOutput, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t`Name`, cell: ({ row }) => <span className="font-mono text-sm">{row.original.name}</span> },
      {
        id: 'type',
        header: t`Type`,
        enableSorting: false,
        cell: ({ row }) => (
          <span className="font-mono text-xs text-muted-foreground" dir="ltr">
            {row.original.type ?? ''}
          </span>
        ),
      },
      {
        id: 'value',
        header: t`Value`,
        enableSorting: false,
        cell: ({ row }) => {
          const output = row.original;
          if (!output.isSensitive) return <OutputValue value={output.value} />;
          const name = output.name;
          if (Object.hasOwn(revealed, name)) {
            return (
              <span className="flex w-full min-w-0 items-start gap-1">
                <OutputValue value={revealed[name]} />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t`Hide the value of ${name}`}
                  onClick={() => setRevealed(({ [name]: _hidden, ...rest }) => rest)}
                >
                  <EyeOff aria-hidden />
                </Button>
              </span>
            );
          }
          return (
            <span className="flex items-center gap-2">
              <Badge tone="warning" size="sm">{t`Sensitive`}</Badge>
              <EditButton
                access={revealAccess.allowed ? { canEdit: true, readOnlyReason: '' } : { canEdit: false, readOnlyReason: revealAccess.reason }}
                row
                aria-label={t`Reveal the value of ${name}`}
                loading={reveal.isPending && reveal.variables?.name === name}
                onClick={async () => {
                  const value = await reveal.mutateAsync({ stackId: stack.id, name });
                  setRevealed((current) => ({ ...current, [name]: value }));
                }}
              >
                <Eye aria-hidden />
                {t`Reveal`}
              </EditButton>
            </span>
          );
        },
      },
    ],
    [t, revealed, revealAccess, reveal, stack.id],
  );

  if (outputs.isPending) return <Skeleton className="h-32 w-full" />;
  if (outputs.isError) return <ErrorState error={outputs.error} onRetry={() => void outputs.refetch()} retrying={outputs.isFetching} />;
  if (outputs.data.length === 0) {
    return (
      <EmptyState
        icon={<FileOutput aria-hidden />}
        title={t`No outputs yet`}
        text={t`The outputs of the stack’s code appear once its state has been written, after its first deployment.`}
      />
    );
  }
  return (
    <DataTable
      aria-label={t`Outputs`}
      columns={columns}
      data={outputs.data}
      getRowId={(output) => output.name}
      empty={<EmptyState title={t`No output matches this search`} text={t`Check the spelling of the output’s name.`} />}
    />
  );
}
