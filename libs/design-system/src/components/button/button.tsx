import { cva, type VariantProps } from 'class-variance-authority';
import { Slot, Slottable } from '../../lib/slot';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from '../spinner/spinner';

export const buttonVariants = cva(
  [
    'relative inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium',
    'transition-[color,background-color,border-color,box-shadow] duration-150 select-none',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/70',
        outline:
          'border border-input bg-surface text-surface-foreground shadow-xs hover:bg-accent hover:text-accent-foreground',
        ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
        danger: 'bg-danger text-danger-foreground shadow-xs hover:bg-danger/90',
        link: 'h-auto px-0 text-primary-subtle-foreground underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3 text-xs',
        md: 'h-9 px-4 text-sm',
        lg: 'h-10 px-5 text-sm',
        icon: 'size-9',
      },
    },
    compoundVariants: [{ variant: 'link', size: ['sm', 'md', 'lg'], className: 'h-auto px-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

type ButtonBaseProps = Omit<ComponentProps<'button'>, 'aria-label'> &
  Omit<VariantProps<typeof buttonVariants>, 'size'> & {
    /** Render the child element (for example a router link) with the button's look. */
    asChild?: boolean;
    /** Shows a spinner, sets aria-busy and blocks clicks until the work is done. */
    loading?: boolean;
  };

/** An icon-only button has no visible text, so its accessible name is required by the type. */
export type ButtonProps = ButtonBaseProps &
  (
    | { size?: 'sm' | 'md' | 'lg' | null; 'aria-label'?: string }
    | { size: 'icon'; 'aria-label': string }
  );

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? 'primary'}
      className={cn(buttonVariants({ variant, size }), className)}
      // A button inside a form must not submit it unless asked to.
      type={asChild ? undefined : (type ?? 'button')}
      disabled={asChild ? undefined : disabled || loading}
      aria-disabled={asChild && (disabled || loading) ? true : undefined}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner />}
      <Slottable>{children}</Slottable>
    </Comp>
  );
}
