import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { tooltipDelay } from '../../lib/deferred';
import { useTheme } from '../theme-provider/theme-provider';

/**
 * A Radix tooltip root with its own provider, so pages without tooltips never load the
 * positioning code (the provider used to sit in ThemeProvider, in every app's entry chunk).
 */
export function TooltipRoot({ delayDuration = tooltipDelay, ...props }: ComponentProps<typeof TooltipPrimitive.Root>) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration}>
      <TooltipPrimitive.Root {...props} />
    </TooltipPrimitive.Provider>
  );
}
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  const { direction } = useTheme();
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        dir={direction}
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md',
          'origin-(--radix-tooltip-content-transform-origin)',
          className,
        )}
        {...props}
      >
        {children}
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

export interface TooltipProps {
  content: ReactNode;
  /** The trigger; must accept a ref and focus (a button or link). */
  children: ReactNode;
  side?: 'top' | 'bottom' | 'start' | 'end';
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A label on hover and focus. `side` is logical: 'end' is right in ltr and left in rtl,
 * because Radix's sides are physical.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
  open,
  defaultOpen,
  onOpenChange,
}: TooltipProps) {
  const { direction } = useTheme();
  const physical =
    side === 'start'
      ? direction === 'rtl'
        ? 'right'
        : 'left'
      : side === 'end'
        ? direction === 'rtl'
          ? 'left'
          : 'right'
        : side;
  return (
    <TooltipRoot open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipContent side={physical}>{content}</TooltipContent>
    </TooltipRoot>
  );
}
