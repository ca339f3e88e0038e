import { cva, type VariantProps } from 'class-variance-authority';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { ModalCloseButton, modalParts } from './modal-parts';
import { useTheme } from '../theme-provider/theme-provider';

export const Dialog = DialogPrimitive.Root;

export function DialogTrigger(props: ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

export function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export function DialogOverlay({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn('fixed inset-0 z-50 bg-overlay backdrop-blur-[1px]', className)}
      {...props}
    />
  );
}

const dialogContentVariants = cva(
  [
    'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 grid-rows-[auto_1fr_auto]',
    'rounded-xl border border-border bg-surface-raised text-surface-raised-foreground shadow-lg outline-none',
  ],
  {
    variants: { size: { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } },
    defaultVariants: { size: 'md' },
  },
);

export interface DialogContentProps
  extends
    ComponentProps<typeof DialogPrimitive.Content>,
    VariantProps<typeof dialogContentVariants> {
  /** Hide the corner close button when the footer already offers a way out. */
  hideClose?: boolean;
}

export function DialogContent({
  className,
  children,
  size,
  hideClose = false,
  ...props
}: DialogContentProps) {
  const { direction } = useTheme();
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        dir={direction}
        className={cn(dialogContentVariants({ size }), className)}
        {...props}
      >
        {children}
        {!hideClose && <ModalCloseButton kind="dialog" />}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

const parts = modalParts('dialog');
export const DialogHeader = parts.Header;
export const DialogBody = parts.Body;
export const DialogFooter = parts.Footer;
export const DialogTitle = parts.Title;
export const DialogDescription = parts.Description;
