import { useLingui } from '@lingui/react/macro';
import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** The two modal surfaces on Radix Dialog: the centred dialog and the side drawer. */
export type ModalKind = 'dialog' | 'drawer';

type PartProps = ComponentProps<'div'> & { kind: ModalKind };

/** The corner close button both surfaces show (the end corner: right in ltr, left in rtl). */
export function ModalCloseButton({ kind }: { kind: ModalKind }) {
  const { t } = useLingui();
  return (
    <DialogPrimitive.Close
      data-slot={`${kind}-close-button`}
      aria-label={t`Close`}
      className="absolute end-3 top-3 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <XIcon className="size-4" aria-hidden />
    </DialogPrimitive.Close>
  );
}

/** Title and description; the end padding keeps them clear of the close button. */
export function ModalHeader({ kind, className, ...props }: PartProps) {
  return (
    <div
      data-slot={`${kind}-header`}
      className={cn(
        'flex flex-col gap-1.5 px-6 pe-12 text-start',
        kind === 'dialog' ? 'pt-5' : 'border-b border-border py-4',
        className,
      )}
      {...props}
    />
  );
}

/** The scrolling middle; a drawer's fills the height between header and footer. */
export function ModalBody({ kind, className, ...props }: PartProps) {
  return (
    <div
      data-slot={`${kind}-body`}
      className={cn('overflow-y-auto px-6 py-4', kind === 'drawer' && 'flex-1', className)}
      {...props}
    />
  );
}

/** Actions at the end; stacked (primary on top) on narrow screens. */
export function ModalFooter({ kind, className, ...props }: PartProps) {
  return (
    <div
      data-slot={`${kind}-footer`}
      className={cn(
        'flex flex-col-reverse gap-2 border-t border-border px-6 py-4 sm:flex-row sm:justify-end',
        className,
      )}
      {...props}
    />
  );
}

export function ModalTitle({
  kind,
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Title> & { kind: ModalKind }) {
  return (
    <DialogPrimitive.Title
      data-slot={`${kind}-title`}
      className={cn('text-base leading-6 font-semibold', className)}
      {...props}
    />
  );
}

export function ModalDescription({
  kind,
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description> & { kind: ModalKind }) {
  return (
    <DialogPrimitive.Description
      data-slot={`${kind}-description`}
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

/** The parts bound to one surface; dialog.tsx and drawer.tsx export them under their own names. */
export function modalParts(kind: ModalKind) {
  return {
    Header: (props: ComponentProps<'div'>) => <ModalHeader kind={kind} {...props} />,
    Body: (props: ComponentProps<'div'>) => <ModalBody kind={kind} {...props} />,
    Footer: (props: ComponentProps<'div'>) => <ModalFooter kind={kind} {...props} />,
    Title: (props: ComponentProps<typeof DialogPrimitive.Title>) => <ModalTitle kind={kind} {...props} />,
    Description: (props: ComponentProps<typeof DialogPrimitive.Description>) => (
      <ModalDescription kind={kind} {...props} />
    ),
  };
}
