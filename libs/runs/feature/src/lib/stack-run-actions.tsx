import { useLingui } from '@lingui/react/macro';
import { EditButton, LazyConfirmDialog, lazyDialog, toast, type EditAccess } from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import {
  runPaths,
  useCreateDeploymentMutation,
  useCreatePlanMutation,
  useCreateTaskMutation,
  type RunDetailKind,
  type RunRef,
} from '@terrace/runs/data-access';
import { useAccess, type AccessState } from '@terrace/session';
import { Bomb, FileSearch, ListChecks, Rocket } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';

// The run-task dialog (its form, select, radio group and checks) loads when it first opens.
const RunTaskDialog = lazyDialog(() => import('./run-task-dialog').then((m) => m.RunTaskDialog));

export interface StackRunActionsProps {
  /** The stack the page shows. */
  stack: { id: string; name: string; namespaceId: string };
}

const toEditAccess = (state: AccessState): EditAccess => (state.allowed ? { canEdit: true, readOnlyReason: '' } : { canEdit: false, readOnlyReason: state.reason });

/**
 * The stack page's run buttons: Plan, Deploy, Destroy (after typing the spec's phrase) and Run
 * task; each opens the new run's page. Disabled, with the reason, for users whose role does not
 * allow it in the stack's namespace.
 */
export function StackRunActions({ stack }: StackRunActionsProps) {
  const { id: stackId, name: stackName, namespaceId } = stack;
  const { t } = useLingui();
  const navigate = useNavigate();
  const access = {
    plan: useAccess({ permission: 'plan:start', namespaceId }),
    deploy: useAccess({ permission: 'deployment:start', namespaceId }),
    destroy: useAccess({ permission: 'destroyDeployment:start', namespaceId }),
    task: useAccess({ permission: 'task:start', namespaceId }),
  };
  const plan = useCreatePlanMutation();
  const deploy = useCreateDeploymentMutation();
  const task = useCreateTaskMutation();
  const [dialog, setDialog] = useState<'deploy' | 'destroy' | 'task' | null>(null);

  const opened = (kind: RunDetailKind, message: string) => (ref: RunRef) => {
    toast.success(message);
    void navigate(runPaths.detail(kind, ref.id));
  };

  return (
    <>
      <EditButton
        access={toEditAccess(access.plan)}
        variant="outline"
        loading={plan.isPending}
        onClick={() => void plan.mutateAsync(stackId).then(opened('plan', t`Plan started.`), () => undefined)}
      >
        <FileSearch aria-hidden />
        {t`Plan`}
      </EditButton>
      <EditButton access={toEditAccess(access.deploy)} onClick={() => setDialog('deploy')}>
        <Rocket aria-hidden />
        {t`Deploy`}
      </EditButton>
      <EditButton access={toEditAccess(access.task)} variant="outline" onClick={() => setDialog('task')}>
        <ListChecks aria-hidden />
        {t`Run task`}
      </EditButton>
      <EditButton access={toEditAccess(access.destroy)} variant="danger" onClick={() => setDialog('destroy')}>
        <Bomb aria-hidden />
        {t`Destroy`}
      </EditButton>
      <LazyConfirmDialog
        open={dialog === 'deploy'}
        onOpenChange={(open) => !open && setDialog(null)}
        tone="primary"
        title={t`Deploy ${stackName}?`}
        description={t`A plan runs first. Its changes are applied once the stack’s approval policy is met.`}
        confirmLabel={t`Deploy`}
        onConfirm={() => deploy.mutateAsync({ stackId }).then(opened('deployment', t`Deployment started.`))}
      />
      <LazyConfirmDialog
        open={dialog === 'destroy'}
        onOpenChange={(open) => !open && setDialog(null)}
        tone="danger"
        title={t`Destroy every resource of ${stackName}?`}
        description={t`A destroy plan runs first; once approved, every cloud resource the stack manages is deleted. The stack itself stays.`}
        phrase={confirmationPhrases.deleteResources}
        confirmLabel={t`Destroy resources`}
        onConfirm={() => deploy.mutateAsync({ stackId, isDestroy: true }).then(opened('deployment', t`Destroy started.`))}
      />
      <RunTaskDialog
        open={dialog === 'task'}
        onOpenChange={(open) => setDialog(open ? 'task' : null)}
        stackName={stackName}
        onRun={(taskToExecute) => task.mutateAsync({ stackId, taskToExecute }).then(opened('task', t`Task started.`))}
      />
    </>
  );
}
