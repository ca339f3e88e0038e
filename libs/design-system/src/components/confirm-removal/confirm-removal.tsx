import { confirmationPhrases } from '@terrace/domain';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';

export interface ConfirmRemovalProps<T> {
  /** The item being removed; null closes the dialog. */
  target: T | null;
  onClose: () => void;
  title: (target: T) => string;
  description: string;
  confirmLabel: string;
  /** The phrase to type: 'delete me' unless the spec names another, or the target's own name. */
  phrase?: string | ((target: T) => string);
  /** Removes and toasts; a rejection keeps the dialog open (the client has shown why). */
  onConfirm: (target: T) => Promise<void>;
  /** Choices shown above the phrase (see ConfirmDialog). */
  children?: ReactNode;
}

/** The typed danger confirmation a destructive action asks for before removing an item (a list's row, a detail page's object). */
export function ConfirmRemoval<T>({ target, onClose, title, description, confirmLabel, phrase = confirmationPhrases.delete, onConfirm, children }: ConfirmRemovalProps<T>) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      tone="danger"
      title={target === null ? '' : title(target)}
      description={description}
      phrase={target === null ? undefined : typeof phrase === 'function' ? phrase(target) : phrase}
      confirmLabel={confirmLabel}
      onConfirm={async () => {
        if (target === null) return;
        await onConfirm(target);
        onClose();
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
