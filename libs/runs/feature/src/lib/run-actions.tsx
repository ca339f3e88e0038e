import { useLingui } from '@lingui/react/macro';
import { Button, DisabledReason, EditButton, LazyConfirmDialog, toast, type EditAccess } from '@terrace/design-system';
import {
  useApproveDeploymentMutation,
  useApproveFailedPoliciesMutation,
  useCancelRunMutation,
  useForceStartRunMutation,
  type RunDetail,
  type RunDetailKind,
} from '@terrace/runs/data-access';
import type { AccessState } from '@terrace/session';
import { Ban, Check, FastForward, ShieldAlert, Sparkles, Zap } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { availableRunActions, type RunAction } from './run-action-rules';
import type { RunAccess } from './use-run-access';

const toEditAccess = (state: AccessState): EditAccess => (state.allowed ? { canEdit: true, readOnlyReason: '' } : { canEdit: false, readOnlyReason: state.reason });

export interface RunActionsProps {
  kind: RunDetailKind;
  run: RunDetail;
  access: RunAccess;
  /** Only these actions (e.g. the policy results tab offers only approveFailedPolicies), without the AI entry point. */
  only?: readonly RunAction[];
}

/**
 * What can be done to the run now (approve, override failed policies, cancel, force cancel, force
 * start), each disabled with the reason when the user's role does not allow it; the AI analysis
 * entry point waits for the AI assistant.
 */
export function RunActions({ kind, run, access, only }: RunActionsProps) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState<RunAction | null>(null);
  const approve = useApproveDeploymentMutation();
  const approvePolicies = useApproveFailedPoliciesMutation();
  const cancel = useCancelRunMutation();
  const forceStart = useForceStartRunMutation();
  const actions = availableRunActions(kind, run.status).filter((action) => !only || only.includes(action));

  const perform: Record<RunAction, () => Promise<void>> = {
    approve: async () => {
      await approve.mutateAsync(run.id);
      toast.success(t`Your approval is recorded.`);
    },
    approveFailedPolicies: async () => {
      await approvePolicies.mutateAsync(run.id);
      toast.success(t`The failed policies are overridden; the deployment goes on.`);
    },
    cancel: async () => {
      await cancel.mutateAsync({ kind, id: run.id });
      toast.success(t`Cancel requested.`);
    },
    forceCancel: async () => {
      await cancel.mutateAsync({ kind, id: run.id, force: true });
      toast.success(t`The run is being stopped now.`);
    },
    forceStart: async () => {
      await forceStart.mutateAsync({ kind: kind === 'plan' ? 'plan' : 'deployment', id: run.id });
      toast.success(t`The run moves to the head of the queue.`);
    },
  };

  const button = (action: RunAction, label: string, icon: ReactNode, variant: 'primary' | 'outline' | 'danger' = 'outline') =>
    actions.includes(action) && (
      <EditButton key={action} access={toEditAccess(access[action])} variant={variant} onClick={() => setConfirming(action)}>
        {icon}
        {label}
      </EditButton>
    );

  const dialogs: Record<RunAction, { title: string; description: string; confirm: string; tone: 'primary' | 'danger' }> = {
    approve: {
      title: t`Approve this deployment?`,
      description: t`Once the approvals its policy asks for are in, the plan is applied to the stack’s resources.`,
      confirm: t`Approve`,
      tone: 'primary',
    },
    approveFailedPolicies: {
      title: t`Override the failed policies?`,
      description: t`The deployment goes on despite control policies that failed or could not be checked. The override is recorded in the audit log.`,
      confirm: t`Override and continue`,
      tone: 'danger',
    },
    cancel: {
      title: t`Cancel this run?`,
      description: t`A run on a runner is interrupted at the next safe point; a waiting run never starts.`,
      confirm: t`Cancel run`,
      tone: 'danger',
    },
    forceCancel: {
      title: t`Stop the run at once?`,
      description: t`The runner kills the IaC process without waiting. The state may stay locked and need a Release state lock task.`,
      confirm: t`Force cancel`,
      tone: 'danger',
    },
    forceStart: {
      title: t`Start this run next?`,
      description: t`The run moves to the head of the stack’s queue. It still waits for the run holding the stack to finish.`,
      confirm: t`Force start`,
      tone: 'primary',
    },
  };
  const dialog = confirming ? dialogs[confirming] : null;

  return (
    <>
      {button('approve', t`Approve`, <Check aria-hidden />, 'primary')}
      {button('approveFailedPolicies', t`Approve failed policies`, <ShieldAlert aria-hidden />, 'danger')}
      {button('forceStart', t`Force start`, <FastForward aria-hidden />)}
      {button('cancel', t`Cancel`, <Ban aria-hidden />)}
      {button('forceCancel', t`Force cancel`, <Zap aria-hidden />, 'danger')}
      {/* The AI analysis of runs (summary, code review, error analysis…) comes with the AI assistant. */}
      {!only && (
        <DisabledReason reason={t`AI analysis of runs is not available yet.`}>
          <Button variant="ghost" disabled>
            <Sparkles aria-hidden />
            {t`Analyze with AI`}
          </Button>
        </DisabledReason>
      )}
      <LazyConfirmDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={dialog?.title ?? ''}
        description={dialog?.description}
        confirmLabel={dialog?.confirm}
        cancelLabel={t`Keep`}
        tone={dialog?.tone ?? 'primary'}
        onConfirm={() => (confirming ? perform[confirming]() : undefined)}
      />
    </>
  );
}
