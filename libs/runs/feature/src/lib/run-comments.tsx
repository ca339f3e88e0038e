import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, ControlledField, DisabledReason, EmptyState, ErrorState, Form, lazySchema, Skeleton, Textarea, useContractForm } from '@terrace/design-system';
import { runsQueries, useCreateCommentMutation, type RunDetailKind } from '@terrace/runs/data-access';
import { useApiClient, type AccessState } from '@terrace/session';
import { MessageSquare } from 'lucide-react';
import type { z } from 'zod/mini';
import type { runCommentSchema } from './run-comment.schema';

// The box shows with the run's comments; its check (zod and the contract's limit) loads once the user acts.
const commentSchema = lazySchema(() => import('./run-comment.schema').then((m) => m.runCommentSchema));
type CommentValues = z.input<typeof runCommentSchema>;

export interface RunCommentsProps {
  kind: RunDetailKind;
  runId: string;
  access: AccessState;
}

/** The discussion of a run: its comments, oldest first, and a box to add one. */
export function RunComments({ kind, runId, access }: RunCommentsProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const comments = useQuery(runsQueries.comments(client, kind, runId));
  const add = useCreateCommentMutation();
  const form = useContractForm({ schema: commentSchema, defaultValues: { text: '' } });
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      {comments.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : comments.isError ? (
        <ErrorState error={comments.error} onRetry={() => void comments.refetch()} retrying={comments.isFetching} />
      ) : comments.data.length === 0 ? (
        <EmptyState icon={<MessageSquare aria-hidden />} title={t`No comments yet`} text={t`Note why a run was approved, cancelled or retried, for whoever reads it next.`} />
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t`Comments`}>
          {comments.data.map((comment) => (
            <li key={comment.id} className="rounded-lg border border-border p-3">
              <p className="flex flex-wrap gap-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{comment.author}</span>
                <time dateTime={comment.createdAt} dir="auto">{i18n.date(comment.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
              </p>
              <p className="mt-1 text-sm whitespace-pre-wrap">{comment.text}</p>
            </li>
          ))}
        </ol>
      )}
      <Form
        form={form}
        aria-label={t`Add a comment`}
        serverFields={{ 'entity.text': 'text' }}
        onSubmit={async ({ text }) => {
          await add.mutateAsync({ kind, id: runId, text });
          form.reset({ text: '' });
        }}
        className="flex flex-col gap-2"
      >
        <ControlledField<CommentValues, 'text'> name="text" label={t`Comment`} required>
          {(field) => <Textarea {...field} rows={3} disabled={!access.allowed} />}
        </ControlledField>
        <div>
          <DisabledReason reason={access.allowed ? null : access.reason}>
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!access.allowed}>
              {t`Comment`}
            </Button>
          </DisabledReason>
        </div>
      </Form>
    </div>
  );
}
