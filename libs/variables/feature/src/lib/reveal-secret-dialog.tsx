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
  ErrorState,
  SecretReveal,
  Spinner,
} from '@terrace/design-system';
import { useRevealVariableMutation } from '@terrace/variables/data-access';
import { useEffect } from 'react';

export interface RevealTarget {
  variableId: string;
  key: string;
}

/**
 * Shows a sensitive variable's value, read on request through the secret-value call (its own
 * permission; the server records each read in the audit log). Nothing is kept once it closes.
 */
export function RevealSecretDialog({ target, onClose }: { target: RevealTarget | null; onClose: () => void }) {
  const { t } = useLingui();
  const reveal = useRevealVariableMutation();
  const { mutate, reset } = reveal;
  useEffect(() => {
    if (target) mutate(target.variableId);
    else reset();
  }, [target, mutate, reset]);

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{target ? t`Value of ${target.key}` : ''}</DialogTitle>
          <DialogDescription>{t`This value is sensitive. Reading it is recorded in the audit log.`}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          {reveal.isPending || reveal.isIdle ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner />
              {t`Reading the value…`}
            </p>
          ) : reveal.isError ? (
            <ErrorState error={reveal.error} onRetry={() => target && mutate(target.variableId)} retrying={reveal.isPending} />
          ) : (
            <SecretReveal
              secret={reveal.data}
              label={target ? t`Value of ${target.key}` : ''}
              warning={t`Copy it only where it is needed, and close this window when done.`}
            />
          )}
        </DialogBody>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t`Close`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
