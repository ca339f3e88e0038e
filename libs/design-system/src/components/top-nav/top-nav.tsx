import { Slot, Slottable } from '../../lib/slot';
import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { readableForeground } from './readable-foreground';

export interface TopNavProps extends ComponentProps<'header'> {
  /** The organization's navigation colour (spec default #3e82f7); text colour follows for contrast. */
  color?: string;
}

/** The top bar; its background is the --nav token, overridable per organization. */
export function TopNav({ color, className, style, ...props }: TopNavProps) {
  const custom: CSSProperties | undefined = color
    ? ({ '--nav': color, '--nav-foreground': readableForeground(color) } as CSSProperties)
    : undefined;
  return (
    <header
      data-slot="top-nav"
      className={cn(
        'flex h-14 shrink-0 items-center gap-4 bg-nav px-4 text-nav-foreground',
        className,
      )}
      style={{ ...custom, ...style }}
      {...props}
    />
  );
}

export function TopNavBrand({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="top-nav-brand"
      className={cn('flex shrink-0 items-center gap-2 text-sm font-semibold', className)}
      {...props}
    />
  );
}

export function TopNavItems({ className, children, ...props }: ComponentProps<'nav'>) {
  return (
    <nav
      data-slot="top-nav-items"
      className={cn('flex min-w-0 flex-1 items-center', className)}
      {...props}
    >
      <ul className="relative flex items-center gap-1 overflow-x-auto">{children}</ul>
    </nav>
  );
}

export interface TopNavItemProps extends ComponentProps<'a'> {
  icon?: ReactNode;
  active?: boolean;
  asChild?: boolean;
}

export function TopNavItem({
  icon,
  active = false,
  asChild = false,
  className,
  children,
  ...props
}: TopNavItemProps) {
  const Comp = asChild ? Slot : 'a';
  return (
    <li>
      <Comp
        data-slot="top-nav-item"
        data-active={active || undefined}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap text-nav-foreground transition-colors',
          'hover:underline hover:underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-nav-foreground',
          // An underline, not a tint: a tint over a user-chosen colour can push the text below AA.
          active && 'font-semibold shadow-[inset_0_-2px_0_currentColor] rounded-none',
          '[&_svg]:size-4',
          className,
        )}
        {...props}
      >
        {icon && <span aria-hidden>{icon}</span>}
        <Slottable>{children}</Slottable>
      </Comp>
    </li>
  );
}

export function TopNavActions({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="top-nav-actions"
      className={cn('ms-auto flex shrink-0 items-center gap-2', className)}
      {...props}
    />
  );
}
