import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface SwitchProps extends ComponentProps<typeof SwitchPrimitive.Root> {
  size?: 'sm' | 'md';
}

export function Switch({ className, size = 'md', ...props }: SwitchProps) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      data-size={size}
      className={cn(
        'peer inline-flex shrink-0 cursor-pointer items-center rounded-full border border-transparent transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'data-[state=checked]:bg-primary data-[state=unchecked]:bg-input disabled:cursor-not-allowed disabled:opacity-50',
        size === 'sm' ? 'h-4 w-7' : 'h-5 w-9',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className={cn(
          'pointer-events-none block rounded-full bg-white shadow-sm ring-0 transition-transform',
          size === 'sm' ? 'size-3' : 'size-4',
          // The thumb travels towards the inline end, so it moves left in rtl.
          size === 'sm'
            ? 'data-[state=checked]:translate-x-3.5 data-[state=unchecked]:translate-x-0.5 rtl:data-[state=checked]:-translate-x-3.5 rtl:data-[state=unchecked]:-translate-x-0.5'
            : 'data-[state=checked]:translate-x-4.5 data-[state=unchecked]:translate-x-0.5 rtl:data-[state=checked]:-translate-x-4.5 rtl:data-[state=unchecked]:-translate-x-0.5',
        )}
      />
    </SwitchPrimitive.Root>
  );
}
