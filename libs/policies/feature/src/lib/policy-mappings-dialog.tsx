import { useLingui } from '@lingui/react/macro';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  type EditAccess,
} from '@terrace/design-system';
import type { ControlPolicy } from '@terrace/policies/data-access';
import { PolicyMappingsPanel } from './policy-mappings-panel';

export interface PolicyMappingsDialogProps {
  /** The policy whose targets are shown; null closes the dialog. */
  policy: ControlPolicy | null;
  access: EditAccess;
  onClose: () => void;
}

/**
 * Where a policy of the list applies, in a dialog: the control policies page loads it (with the
 * mapping form) the first time a row's "Where it applies" opens (lazyDialog).
 */
export function PolicyMappingsDialog({ policy, access, onClose }: PolicyMappingsDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={policy !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>{t`Where ${policy?.name ?? ''} applies`}</DialogTitle>
          <DialogDescription>{t`The namespaces and stacks whose runs check this policy, and how strictly.`}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          {policy && (
            <PolicyMappingsPanel subject={{ kind: 'policy', id: policy.id }} access={access} />
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
