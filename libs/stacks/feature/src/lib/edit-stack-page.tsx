import { useLingui } from '@lingui/react/macro';
import { toast } from '@terrace/design-system';
import { useUpdateStackMutation } from '@terrace/stacks/data-access';
import { useNavigate, useParams } from 'react-router';
import { stackToForm } from './stack-to-form';
import { stackPaths } from './stack-paths';
import { StackWizard } from './stack-wizard-page';
import { WithStack } from './with-stack';

/** /editStackWizard/:stackId */
export function EditStackRoute() {
  const { t } = useLingui();
  const { stackId = '' } = useParams();
  const update = useUpdateStackMutation();
  const navigate = useNavigate();
  return (
    <WithStack stackId={stackId} title={t`Edit stack`}>
      {(stack) => (
        <StackWizard
          title={t`Edit stack ${stack.name}`}
          submitLabel={t`Save stack`}
          initial={stackToForm(stack)}
          stack={stack}
          onSubmit={async (values) => {
            // The namespace changes only through a move (typed confirmation), never here.
            const { namespaceId: _unchanged, ...input } = values;
            const updated = await update.mutateAsync({ stackId: stack.id, input });
            toast.success(t`Stack ${updated.name} saved.`);
            void navigate(stackPaths.details(updated.id));
          }}
          onCancel={() => void navigate(stackPaths.details(stack.id))}
        />
      )}
    </WithStack>
  );
}
