import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { DialogOverlay } from '../dialog/dialog';
import { ModalCloseButton, modalParts } from '../dialog/modal-parts';
import { useTheme } from '../theme-provider/theme-provider';

export const Drawer = DialogPrimitive.Root;

export function DrawerTrigger(props: ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="drawer-trigger" {...props} />;
}

export function DrawerClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="drawer-close" {...props} />;
}

export interface DrawerContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Logical side: 'end' is the right edge in ltr and the left edge in rtl. */
  side?: 'start' | 'end';
  size?: 'sm' | 'md' | 'lg';
}

export function DrawerContent({
  className,
  children,
  side = 'end',
  size = 'md',
  ...props
}: DrawerContentProps) {
  const { direction } = useTheme();
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="drawer-content"
        data-side={side}
        dir={direction}
        className={cn(
          'fixed inset-y-0 z-50 flex h-full w-full flex-col border-border bg-surface-raised text-surface-raised-foreground shadow-lg outline-none',
          side === 'end' ? 'end-0 border-s' : 'start-0 border-e',
          size === 'sm' ? 'max-w-sm' : size === 'lg' ? 'max-w-3xl' : 'max-w-xl',
          className,
        )}
        {...props}
      >
        {children}
        <ModalCloseButton kind="drawer" />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

const parts = modalParts('drawer');
export const DrawerHeader = parts.Header;
export const DrawerBody = parts.Body;
export const DrawerFooter = parts.Footer;
export const DrawerTitle = parts.Title;
export const DrawerDescription = parts.Description;
