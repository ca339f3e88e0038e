import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, type FormEvent, type ReactElement, type ReactNode } from 'react';
import {
  FormProvider,
  useController,
  useForm,
  useFormContext,
  useFormState,
  type ControllerRenderProps,
  type UseFormReturn,
} from '../../lib/form-engine/form-engine';
import { useOnFirstInput } from '../../lib/first-input';
import { LazyValue } from '../../lib/lazy-value';
import { getPath } from '../../lib/form-engine/paths';
import type { FieldErrors, FieldPath, FieldValues, Resolver, UseFormProps } from '../../lib/form-engine/types';
import type { core, z } from 'zod/mini';
import { FormField } from '../form-field/form-field';
import { toast } from '../toast/toast';
import type { WizardStep } from '../wizard/wizard';
import type { FieldMessages } from './form-messages';
import { LazySchema } from './lazy-schema';

export interface UseContractFormOptions<
  Schema extends core.$ZodType<unknown, FieldValues>,
> extends Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> {
  /**
   * Built from the generated contract schemas (`@terrace/api-client/schemas`) plus domain rules;
   * a form shown on a page's first render passes it as a `lazySchema` (its own module).
   */
  schema: Schema | LazySchema<Schema>;
  /** Field-specific wordings that replace the generic message of an issue kind. */
  messages?: FieldMessages;
}

// The checks (zod's issues to messages) load with the first form that checks, not with the page.
const contractResolverModule = new LazyValue(() => import('./contract-resolver'));
const checksDidNotLoad = msg`The form's checks could not be loaded. Check your connection, then try again.`;

/** The schema and the code that checks it, downloaded once. */
function loadChecks<Schema>(schema: Schema | LazySchema<Schema>) {
  return Promise.all([contractResolverModule.load(), schema instanceof LazySchema ? schema.load() : schema]);
}

/**
 * The schema's resolver, made once the checks have loaded; a failed download stops the submit
 * with a message on the whole form (and a toast), and is tried again at the next check.
 */
function lazyContractResolver<Schema extends core.$ZodType<unknown, FieldValues>>(
  schema: Schema | LazySchema<Schema>,
  i18n: I18n,
  messages: FieldMessages | undefined,
): Resolver<z.input<Schema>, z.output<Schema>> {
  let resolve: Resolver<z.input<Schema>, z.output<Schema>> | undefined;
  return async (values) => {
    if (!resolve) {
      try {
        const [{ contractResolver }, loaded] = await loadChecks(schema);
        resolve = contractResolver(loaded, i18n, messages);
      } catch {
        const message = i18n._(checksDidNotLoad);
        toast.error(message, { id: 'form-checks-not-loaded' });
        return { values: {}, errors: { root: { type: 'load', message } } as FieldErrors<z.input<Schema>> };
      }
    }
    return resolve(values);
  };
}

/**
 * A form (the design system's form engine) with the schema's resolver: the one way a console form
 * validates. The checks load at the user's first press or key on the page, or at the first check.
 */
export function useContractForm<Schema extends core.$ZodType<unknown, FieldValues>>({
  schema,
  messages,
  ...options
}: UseContractFormOptions<Schema>): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  const { i18n } = useLingui();
  const resolver = useMemo(() => lazyContractResolver(schema, i18n, messages), [schema, i18n, messages]);
  // A download that fails here is tried again, and reported, by the first check.
  useOnFirstInput(useCallback(() => loadChecks(schema).catch(() => undefined), [schema]));
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({ ...options, resolver });
}

/** The first message at `name` or below it (a list's own error, or one of its items'). */
export function errorMessageAt(errors: FieldErrors, name: string): string | undefined {
  const found = getPath(errors, name);
  const search = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref') continue;
      const inner = search(child);
      if (inner) return inner;
    }
    return undefined;
  };
  return search(found);
}

export interface ServerFieldError {
  field?: string | null;
  message: string;
}

const isServerFieldError = (value: unknown): value is ServerFieldError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ServerFieldError).message === 'string' &&
  'field' in value;

/**
 * Puts a server field error (the envelope's `field`, e.g. `entity.name` or
 * `entity.iacConfig.terraformVersion`) on its form field with the server's text. `fields` maps a
 * server path to a form path where the form's values are shaped differently; otherwise the path
 * without `entity.` is used when the form has such a value. Returns the form path, or null when
 * the error names no field of this form (the client has already shown it).
 */
export function applyServerError<Values extends FieldValues, Output>(
  form: Pick<UseFormReturn<Values, unknown, Output>, 'getValues' | 'setError'>,
  error: unknown,
  fields: Record<string, string> = {},
): FieldPath<Values> | null {
  if (!isServerFieldError(error) || !error.field) return null;
  const mapped = fields[error.field];
  const stripped = error.field.replace(/^entity\./, '');
  const path = mapped ?? (getPath(form.getValues(), stripped) !== undefined ? stripped : null);
  if (!path) return null;
  form.setError(
    path as FieldPath<Values>,
    { type: 'server', message: error.message },
    { shouldFocus: true },
  );
  return path as FieldPath<Values>;
}

export interface FormProps<Values extends FieldValues, Output> {
  form: UseFormReturn<Values, unknown, Output>;
  /** Gets the parsed values; a rejection with a server field error lands on the field (see `serverFields`). */
  onSubmit: (values: Output) => Promise<void> | void;
  /** Server paths that do not match the form's own (see applyServerError). */
  serverFields?: Record<string, string>;
  children: ReactNode;
  className?: string;
  'aria-labelledby'?: string;
  'aria-label'?: string;
}

/** A `<form>` bound to a form; its ControlledFields find the form through context. */
export function Form<Values extends FieldValues, Output>({
  form,
  onSubmit,
  serverFields,
  children,
  className,
  ...rest
}: FormProps<Values, Output>) {
  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.handleSubmit(async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        // The client has shown the reason; a field it names is marked, and every value stays.
        applyServerError(form, error, serverFields);
      }
    })(event);
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className={className} {...rest}>
        {children}
      </form>
    </FormProvider>
  );
}

export interface ControlledFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> {
  name: Name;
  label: ReactNode;
  help?: ReactNode;
  required?: boolean;
  className?: string;
  /** Renders the one control with the field's value, onChange, onBlur, name and ref. */
  children: (field: ControllerRenderProps<Values, Name>) => ReactElement;
}

/**
 * A FormField bound to a field of the surrounding Form: the label, help and the field's error are
 * wired to the control (aria-invalid, aria-describedby, aria-required).
 */
export function ControlledField<
  Values extends FieldValues = FieldValues,
  Name extends FieldPath<Values> = FieldPath<Values>,
>({ name, label, help, required, className, children }: ControlledFieldProps<Values, Name>) {
  const { control } = useFormContext<Values>();
  const { field } = useController<Values, Name>({ name, control });
  const { errors } = useFormState<Values>({ control, name });
  return (
    <FormField
      label={label}
      help={help}
      required={required}
      className={className}
      error={errorMessageAt(errors, name)}
    >
      {children(field)}
    </FormField>
  );
}

/** The message of a field that is not a single control (a group of checkboxes), for its own wiring. */
export function useFieldError(name: string): string | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  return errorMessageAt(errors, name);
}

export interface FormWizardStep<Values extends FieldValues> extends Omit<
  WizardStep,
  'validate' | 'invalid'
> {
  /** The form paths this step edits: Next validates them, and an error on one marks the step. */
  fields: readonly FieldPath<Values>[];
}

/**
 * Wizard steps over one form: each step validates its own fields on Next and is marked in the
 * step list while one of them has an error (a rule or the server's).
 */
export function useFormWizardSteps<Values extends FieldValues, Output>(
  form: Pick<UseFormReturn<Values, unknown, Output>, 'control' | 'trigger'>,
  steps: readonly FormWizardStep<Values>[],
): WizardStep[] {
  const { errors } = useFormState({ control: form.control });
  return steps.map(({ fields, ...step }) => ({
    ...step,
    validate: () => form.trigger(fields as FieldPath<Values>[], { shouldFocus: true }),
    invalid: fields.some((name) => errorMessageAt(errors, name) !== undefined),
  }));
}

/** The index of the first step with an error among `errors`, or -1. */
export function firstStepWithErrors<Values extends FieldValues>(
  steps: readonly { fields: readonly FieldPath<Values>[] }[],
  errors: FieldErrors<Values>,
): number {
  return steps.findIndex((step) =>
    step.fields.some((name) => errorMessageAt(errors, name) !== undefined),
  );
}

export interface SubmitFormWizardOptions<Output, StepId extends string> {
  onSubmit: (values: Output) => Promise<unknown>;
  /** Server paths that map to form paths of another shape (see `applyServerError`). */
  serverFields?: Record<string, string>;
  /** Shows a step (the wizard's current step setter). */
  goTo: (step: StepId) => void;
}

/**
 * A wizard's finish: every step is checked again (a later edit may have broken an earlier one),
 * and the user is taken to the first step with a problem, or to the step of the field the server
 * refused (its message on the field).
 */
export function submitFormWizard<Values extends FieldValues, Output, StepId extends string>(
  form: UseFormReturn<Values, unknown, Output>,
  steps: readonly { id: StepId; fields: readonly FieldPath<Values>[] }[],
  { onSubmit, serverFields, goTo }: SubmitFormWizardOptions<Output, StepId>,
): Promise<void> {
  const stepOf = (path: string) => steps.find((step) => step.fields.some((field) => path === field || path.startsWith(`${field}.`)));
  return form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        const path = applyServerError(form, error, serverFields);
        const target = path ? stepOf(path) : undefined;
        if (target) goTo(target.id);
      }
    },
    (errors) => {
      const target = steps[firstStepWithErrors(steps, errors)];
      if (target) goTo(target.id);
    },
  )();
}
