import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormProvider, type UseFormReturn } from '../../lib/form-engine/form-engine';
import type { DefaultValues, FieldValues } from '../../lib/form-engine/types';
import { Button } from '../button/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../dialog/dialog';
import { applyServerError } from '../form/form';
import { Stack } from '../stack/stack';

interface FormDialogBaseProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
}

/** A dialog around a form (useContractForm). */
export interface BoundFormDialogProps<
  Values extends FieldValues,
  Output,
> extends FormDialogBaseProps {
  form: UseFormReturn<Values, unknown, Output>;
  /** What each opening starts from; a failed save keeps what was typed. */
  values: DefaultValues<Values>;
  /** Gets the parsed values; rejects when the server refuses (a field it names is marked). */
  onValid: (values: Output) => Promise<unknown>;
  /** Server paths that do not match the form's own (see applyServerError). */
  serverFields?: Record<string, string>;
  onSubmit?: never;
}

/** A dialog whose fields are not (yet) a form of the form engine: it validates itself. */
export interface ManualFormDialogProps extends FormDialogBaseProps {
  /**
   * Returns false to stay open (validation failed) or rejects (the server refused; the client has
   * toasted why). Either way the fields keep what was typed; the dialog closes only on success.
   */
  onSubmit: () => boolean | Promise<boolean>;
  form?: never;
}

export type FormDialogProps<Values extends FieldValues = FieldValues, Output = Values> =
  BoundFormDialogProps<Values, Output> | ManualFormDialogProps;

/**
 * The one dialog around a form, with Cancel and a submit button that shows progress. It closes
 * only when the save succeeds; otherwise every value stays and a server field error lands on its
 * field.
 */
export function FormDialog<Values extends FieldValues, Output>(
  props: FormDialogProps<Values, Output>,
) {
  const { open, onOpenChange, title, description, submitLabel, size = 'md', children } = props;
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  const form = props.form;
  const startValues = props.form ? props.values : undefined;
  // Each opening starts from the values as given then (not on every render of the caller).
  const start = useRef(startValues);
  start.current = startValues;
  useEffect(() => {
    if (open && form) form.reset(start.current);
  }, [open, form]);
  // The dialog is opened by a plain button, not a Radix trigger, so Radix has nothing to give the
  // focus back to: it goes back to the control that had it when the dialog opened, while that is
  // still on the page (a save may have replaced it; the caller then places the focus).
  const opener = useRef<HTMLElement | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      if (props.form) {
        const bound = props;
        await bound.form.handleSubmit(async (values) => {
          try {
            await bound.onValid(values);
            onOpenChange(false);
          } catch (error) {
            applyServerError(bound.form, error, bound.serverFields);
          }
        })();
      } else if (await props.onSubmit()) {
        onOpenChange(false);
      }
    } catch {
      // Stay open with the values; the client has shown the server's reason.
    } finally {
      setPending(false);
    }
  };

  const body = (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description && <DialogDescription>{description}</DialogDescription>}
      </DialogHeader>
      <DialogBody>
        <Stack gap={4}>{children}</Stack>
      </DialogBody>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          {t`Cancel`}
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size={size}
        onOpenAutoFocus={() => {
          opener.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
      >
        {form ? <FormProvider {...form}>{body}</FormProvider> : body}
      </DialogContent>
    </Dialog>
  );
}
