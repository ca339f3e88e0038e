import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { controlStyles } from '../../lib/control-styles';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        controlStyles,
        'h-9 px-3 py-1.5',
        'file:me-3 file:border-0 file:bg-transparent file:text-sm file:font-medium',
        className,
      )}
      {...props}
    />
  );
}
