import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '../../lib/cn';

/**
 * A form control's label: a native `<label>` (Radix's Label adds only what `onMouseDown` does here,
 * and would bring its Primitive, Slot and react-dom helpers to every page with a field).
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    // The control it names is given by the caller (htmlFor, or the control inside it).
    // eslint-disable-next-line jsx-a11y/label-has-associated-control
    <label
      data-slot="label"
      className={cn(
        'flex items-center gap-1 text-sm leading-none font-medium text-foreground select-none peer-disabled:opacity-50',
        className,
      )}
      onMouseDown={(event: MouseEvent<HTMLLabelElement>) => {
        onMouseDown?.(event);
        // A double press on a label selects no text (as Radix's Label), unless it is on the control inside it.
        const target = event.target as HTMLElement;
        if (!event.defaultPrevented && event.detail > 1 && !target.closest('button, input, select, textarea')) event.preventDefault();
      }}
      {...props}
    />
  );
}
