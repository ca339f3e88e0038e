import { createContext, useContext } from 'react';

// The wiring a FormField gives its control, in a module of its own: a select or multi-select reads
// it without bringing the field (its label and texts) to a page that shows none (a table's
// page-size select).

export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

export const FormFieldContext = createContext<FieldControlProps | null>(null);

/**
 * The wiring for a control that is not FormField's direct child, such as the trigger inside a
 * Radix Select root (which renders no element of its own for the props to land on).
 */
export function useFormFieldControl(): Partial<FieldControlProps> {
  return useContext(FormFieldContext) ?? {};
}
