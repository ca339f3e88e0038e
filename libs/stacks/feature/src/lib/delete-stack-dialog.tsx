import { useLingui } from '@lingui/react/macro';
import { Checkbox, ConfirmRemoval, Label, toast } from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import { useDeleteStackMutation, type Stack } from '@terrace/stacks/data-access';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { stackPaths } from './stack-paths';

/** The stack to delete, and whether a pull request removing its code is opened too. */
export interface StackDeletion {
  stack: Stack;
  cleanup: boolean;
}

export interface DeleteStackDialogProps {
  /** Open while there is one. */
  target: StackDeletion | null;
  onTargetChange: (target: StackDeletion) => void;
  onClose: () => void;
}

/**
 * The stack page's deletion, after the typed phrase; a stack made from a blueprint may take its
 * code out of the repository too. Then the page goes to the stack's namespace.
 */
export function DeleteStackDialog({ target, onTargetChange, onClose }: DeleteStackDialogProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const remove = useDeleteStackMutation();
  const cleanupId = useId();
  return (
    <ConfirmRemoval
      target={target}
      onClose={onClose}
      title={({ stack }) => t`Delete stack ${stack.name}?`}
      description={
        target?.cleanup
          ? t`The stack, its settings and its history are deleted, and a pull request removing its code from the repository is opened. Its cloud resources are not destroyed. This cannot be undone.`
          : t`The stack, its settings and its history are deleted. Its cloud resources are not destroyed. This cannot be undone.`
      }
      confirmLabel={target?.cleanup ? t`Delete and open PR` : t`Delete stack`}
      phrase={({ cleanup }) => (cleanup ? confirmationPhrases.deleteStackOpenCleanupPr : confirmationPhrases.delete)}
      onConfirm={async ({ stack, cleanup }) => {
        await remove.mutateAsync({ stackId: stack.id, openCleanupPullRequest: cleanup });
        toast.success(cleanup ? t`Stack ${stack.name} deleted; the cleanup pull request is open.` : t`Stack ${stack.name} deleted.`);
        void navigate(stackPaths.namespace(stack.namespaceId));
      }}
    >
      {/* A stack made from a blueprint may take its code out of the repository too (spec: 'delete stack and open cleanup PR'). */}
      {target?.stack.blueprintId ? (
        <div className="flex items-start gap-2">
          <Checkbox
            id={cleanupId}
            checked={target.cleanup}
            onCheckedChange={(checked) => onTargetChange({ ...target, cleanup: checked === true })}
            className="mt-0.5"
          />
          <Label htmlFor={cleanupId} className="leading-5 font-normal">
            {t`Also open a pull request removing its code from the repository`}
          </Label>
        </div>
      ) : undefined}
    </ConfirmRemoval>
  );
}
