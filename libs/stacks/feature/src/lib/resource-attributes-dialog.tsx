import { useLingui } from '@lingui/react/macro';
import { CodeBlock, Dialog, DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@terrace/design-system';
import type { StackResource } from '@terrace/stacks/data-access';

export interface ResourceAttributesDialogProps {
  /** The resource whose attributes are shown; the dialog is open while there is one. */
  resource: StackResource | null;
  onClose: () => void;
}

/** A resource instance's attributes, as the state holds them (sensitive values redacted by the server). */
export function ResourceAttributesDialog({ resource, onClose }: ResourceAttributesDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={resource !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t`Attributes`}</DialogTitle>
          <DialogDescription>
            <span className="font-mono break-all" dir="ltr">
              {resource?.address ?? ''}
            </span>
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          <CodeBlock code={JSON.stringify(resource?.attributes ?? {}, null, 2)} maxHeight={480} />
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
