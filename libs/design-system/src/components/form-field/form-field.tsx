import { useLingui } from '@lingui/react/macro';
import { Slot } from '../../lib/slot';
import { useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from '../label/label';
import { FormFieldContext, type FieldControlProps } from './form-field-context';

export interface FormFieldProps {
  label: ReactNode;
  /** The single control; it receives id, aria-describedby, aria-invalid and aria-required. */
  children: ReactElement;
  help?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Defaults to a generated id; pass one when something else must point at the control. */
  id?: string;
  className?: string;
}

/** Label, control, help and error, wired together for assistive technology. */
export function FormField({
  label,
  children,
  help,
  error,
  required = false,
  id,
  className,
}: FormFieldProps) {
  const { t } = useLingui();
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const helpId = `${controlId}-help`;
  const errorId = `${controlId}-error`;
  const describedBy =
    [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
  };

  return (
    <div
      data-slot="form-field"
      data-invalid={error ? true : undefined}
      className={cn('flex flex-col gap-1.5', className)}
    >
      <Label htmlFor={controlId}>
        {label}
        {required && (
          <span className="text-danger-subtle-foreground" title={t`Required`} aria-hidden="true">
            *
          </span>
        )}
      </Label>
      <FormFieldContext.Provider value={control}>
        <Slot {...control}>{children}</Slot>
      </FormFieldContext.Provider>
      {help && (
        <p id={helpId} data-slot="form-field-help" className="text-xs text-muted-foreground">
          {help}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          data-slot="form-field-error"
          className="text-xs font-medium text-danger-subtle-foreground"
        >
          {error}
        </p>
      )}
    </div>
  );
}
