import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../button/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../dialog/dialog';
import { Input } from '../input/input';
import { Label } from '../label/label';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The exact text the user must type before the confirm button unlocks, e.g. 'delete me'. */
  phrase?: string;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  tone?: 'danger' | 'primary';
  /** Choices that shape the action (e.g. 'also open a cleanup pull request'), shown above the phrase. */
  children?: ReactNode;
  /** May return a promise; the button shows a spinner until it settles; the dialog closes on success and stays open on failure. */
  onConfirm: () => void | Promise<void>;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  phrase,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = phrase === undefined || typed === phrase;

  const change = (next: boolean) => {
    if (busy) return;
    if (!next) setTyped('');
    onOpenChange(next);
  };

  const confirm = async () => {
    if (!matches) return;
    setBusy(true);
    try {
      await onConfirm();
      setTyped('');
      onOpenChange(false);
    } catch {
      // The dialog stays open so the user can retry; the caller reports the failure (mutations
      // toast their errors by default), so it is not shown twice.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent size="sm" role="alertdialog" data-slot="confirm-dialog">
        <form
          className="contents"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? (
              <DialogDescription>{description}</DialogDescription>
            ) : (
              <DialogDescription className="sr-only">{t`Please confirm this action.`}</DialogDescription>
            )}
          </DialogHeader>
          <DialogBody>
            {children !== undefined && <div className="mb-4 flex flex-col gap-2">{children}</div>}
            {phrase !== undefined && (
              <div className="flex flex-col gap-2">
                <Label htmlFor={inputId} className="block leading-5 font-normal">
                  <Trans>
                    Type <strong className="font-mono font-semibold">{phrase}</strong> to confirm.
                  </Trans>
                </Label>
                <Input
                  id={inputId}
                  autoComplete="off"
                  spellCheck={false}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  data-1p-ignore
                />
              </div>
            )}
          </DialogBody>
          <DialogFooter>
            <Button variant="outline" onClick={() => change(false)} disabled={busy}>
              {cancelLabel ?? t`Cancel`}
            </Button>
            <Button type="submit" variant={tone} disabled={!matches} loading={busy}>
              {confirmLabel ?? t`Confirm`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
