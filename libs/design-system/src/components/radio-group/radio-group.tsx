import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { useRef, type ComponentProps, type FocusEvent, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';

const ARROW_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/**
 * A radio group with roving focus (one tab stop; the arrow keys move focus and select, as the
 * ARIA radio-group pattern asks). Radix moves focus on a timer after the key goes down and only
 * checks the newly focused item while the key is still held: a quick press (a keyboard repeat
 * rate, assistive technology, Playwright) released before the timer lost the selection. The
 * group remembers that an arrow moved focus and checks the item that receives it.
 */
export function RadioGroup({
  className,
  onKeyDown,
  onFocus,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  const arrowMoved = useRef(false);
  return (
    <RadioGroupPrimitive.Root
      data-slot="radio-group"
      className={cn('grid gap-2.5', className)}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        arrowMoved.current = ARROW_KEYS.includes(event.key);
        onKeyDown?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLDivElement>) => {
        onFocus?.(event);
        const target = event.target as HTMLElement;
        if (!arrowMoved.current || target.getAttribute('role') !== 'radio') return;
        arrowMoved.current = false;
        if (target.getAttribute('aria-checked') !== 'true') target.click();
      }}
      onBlur={(event) => {
        // Leaving the group (Tab, a click elsewhere) ends the arrow's move.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) arrowMoved.current = false;
      }}
      {...props}
    />
  );
}

export function RadioGroupItem({
  className,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'aspect-square size-4 shrink-0 cursor-pointer rounded-full border border-input bg-surface shadow-xs transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'data-[state=checked]:border-primary disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator
        data-slot="radio-group-indicator"
        className="flex items-center justify-center"
      >
        <span className="size-2 rounded-full bg-primary" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  );
}
