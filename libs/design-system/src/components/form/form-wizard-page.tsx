import { useState, type ReactNode } from 'react';
import { FormProvider, type UseFormReturn } from '../../lib/form-engine/form-engine';
import type { FieldPath, FieldValues } from '../../lib/form-engine/types';
import { BreadcrumbTrail, type BreadcrumbTrailProps } from '../breadcrumbs/breadcrumbs';
import type { DetailPageQuery } from '../detail-page/detail-page';
import { ErrorState } from '../error-state/error-state';
import { PageHeader } from '../page-header/page-header';
import { Skeleton } from '../skeleton/skeleton';
import { Stack } from '../stack/stack';
import { Wizard } from '../wizard/wizard';
import { submitFormWizard, useFormWizardSteps } from './form';

export interface FormWizardFrameProps extends BreadcrumbTrailProps {
  title: string;
  children: ReactNode;
}

/** The page around a wizard: its breadcrumbs, its title, then the wizard. */
export function FormWizardFrame({ title, trail, current, children }: FormWizardFrameProps) {
  return (
    <Stack data-slot="form-wizard-page" gap={6} className="p-6">
      <PageHeader title={title} breadcrumbs={<BreadcrumbTrail trail={trail} current={current} />} />
      {children}
    </Stack>
  );
}

export interface FormWizardEntityProps<T> {
  /** The query of the object the wizard edits (or starts from). */
  query: DetailPageQuery<T>;
  /** The page's title while the object cannot be shown, e.g. 'Edit namespace'. */
  title: string;
  /** The wizard, once the object is loaded (its form starts from the object's values). */
  children: (data: T) => ReactNode;
}

/**
 * What an edit wizard shows before its form can exist: a skeleton while the object loads, the
 * error (with a retry) when it cannot, then the wizard for the loaded object.
 */
export function FormWizardEntity<T>({ query, title, children }: FormWizardEntityProps<T>) {
  if (query.isPending) {
    return (
      <Stack data-slot="form-wizard-page" gap={6} className="p-6" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96 w-full" />
      </Stack>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <Stack data-slot="form-wizard-page" gap={6} className="p-6">
        <PageHeader title={title} />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}

export interface FormWizardPageProps<Values extends FieldValues, Output, StepId extends string>
  extends Omit<FormWizardFrameProps, 'children'> {
  /** The one form of every step (`useContractForm`). */
  form: UseFormReturn<Values, unknown, Output>;
  /** The steps in order, each with the form paths it edits (Next validates them). */
  steps: readonly { id: StepId; fields: readonly FieldPath<Values>[] }[];
  /** What each step shows. */
  content: Record<StepId, { title: ReactNode; description?: ReactNode; content: ReactNode }>;
  /** Server paths that map to form paths of another shape (see `applyServerError`). */
  serverFields?: Record<string, string>;
  submitLabel: string;
  /** Sends the parsed values; a rejection keeps every value and shows the refused field's step. */
  onSubmit: (values: Output) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A create or edit wizard page over one contract form: the frame (breadcrumbs, title), the
 * vertical step list where each step validates its own fields on Next and is marked while one
 * has an error, and the finish (`submitFormWizard`): every step checked again, then the first
 * step with a problem or the step of the field the server refused. Where to go after a success
 * is the page's `onSubmit`.
 */
export function FormWizardPage<Values extends FieldValues, Output, StepId extends string>({
  form,
  steps,
  content,
  serverFields,
  submitLabel,
  onSubmit,
  onCancel,
  ...frame
}: FormWizardPageProps<Values, Output, StepId>) {
  const [step, setStep] = useState<StepId | undefined>(steps[0]?.id);
  const wizardSteps = useFormWizardSteps(
    form,
    steps.map((s) => ({ ...s, ...content[s.id] })),
  );
  return (
    <FormWizardFrame {...frame}>
      <FormProvider {...form}>
        <Wizard
          orientation="vertical"
          steps={wizardSteps}
          step={Math.max(0, steps.findIndex((s) => s.id === step))}
          onStepChange={(index) => {
            const next = steps[index];
            if (next) setStep(next.id);
          }}
          finishLabel={submitLabel}
          onFinish={() => submitFormWizard(form, steps, { onSubmit, serverFields, goTo: setStep })}
          onCancel={onCancel}
        />
      </FormProvider>
    </FormWizardFrame>
  );
}
