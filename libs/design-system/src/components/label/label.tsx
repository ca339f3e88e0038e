import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A form control's label: a native `<label>`, its text not selectable (`select-none`, what Radix's
 * Label did on a double press, without its Primitive, Slot and react-dom helpers on every page
 * with a field).
 */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    // The control it names is given by the caller (htmlFor, or the control inside it).
    // eslint-disable-next-line jsx-a11y/label-has-associated-control
    <label
      data-slot="label"
      className={cn(
        'flex items-center gap-1 text-sm leading-none font-medium text-foreground select-none peer-disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
