import { useLingui } from '@lingui/react/macro';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Stack,
} from '@terrace/design-system';
import { useState, type FormEvent, type ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /**
   * Returns false to stay open (validation failed) or rejects (the server refused; the client has
   * toasted why). Either way the fields keep what was typed; the dialog closes only on success.
   */
  onSubmit: () => boolean | Promise<boolean>;
  children: ReactNode;
}

/** A dialog around one form, with Cancel and a submit button that shows progress. */
export function FormDialog({ open, onOpenChange, title, description, submitLabel, size = 'md', onSubmit, children }: FormDialogProps) {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      if (await onSubmit()) onOpenChange(false);
    } catch {
      // Stay open with the values; the client has shown the server's reason.
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size={size}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description && <DialogDescription>{description}</DialogDescription>}
          </DialogHeader>
          <DialogBody>
            <Stack gap={4}>{children}</Stack>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t`Cancel`}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
