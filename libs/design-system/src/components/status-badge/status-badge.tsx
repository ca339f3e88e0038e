import { useLingui } from '@lingui/react/macro';
import { Ban, CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { classifyStatus, type AnyStatus, type StatusClass } from './status-classification';

const classStyles: Record<StatusClass, string> = {
  errored: 'bg-status-errored text-status-errored-foreground',
  successful: 'bg-status-successful text-status-successful-foreground',
  canceled: 'bg-status-canceled text-status-canceled-foreground',
  inProgress: 'bg-status-in-progress text-status-in-progress-foreground',
  waiting: 'bg-status-waiting text-status-waiting-foreground',
};

const classIcons = {
  errored: CircleX,
  successful: CircleCheck,
  canceled: Ban,
  inProgress: LoaderCircle,
  waiting: Clock,
} as const;

/** Translated label of a run or step status. */
export function useStatusLabel() {
  const { t } = useLingui();
  return (status: AnyStatus): string => {
    switch (status) {
      case 'notStarted':
        return t`Not started`;
      case 'queued':
        return t`Queued`;
      case 'inProgress':
        return t`In progress`;
      case 'waitingForApproval':
        return t`Waiting for approval`;
      case 'approved':
        return t`Approved`;
      case 'approvalTimeout':
        return t`Approval timed out`;
      case 'succeeded':
        return t`Succeeded`;
      case 'failed':
        return t`Failed`;
      case 'error':
        return t`Error`;
      case 'applyFailure':
        return t`Apply failed`;
      case 'skipped':
        return t`Skipped`;
      case 'canceled':
        return t`Canceled`;
      case 'cancelling':
        return t`Cancelling`;
      case 'finished':
        return t`Finished`;
      case 'finishedError':
        return t`Finished with errors`;
      case 'canceledByDependency':
        return t`Canceled by dependency`;
      case 'canceledByFailedStackInitialization':
        return t`Canceled: stack initialization failed`;
      case 'waitingForFailedControlPoliciesApproval':
        return t`Waiting for approval of failed policies`;
      case 'waitingForErrorControlPoliciesApproval':
        return t`Waiting for approval of policy errors`;
      case 'approvedFailedControlPolicies':
        return t`Failed policies approved`;
      case 'issuesFound':
        return t`Issues found`;
      case 'successWithWarning':
        return t`Succeeded with warnings`;
    }
  };
}

export interface StatusBadgeProps extends Omit<ComponentProps<'span'>, 'children'> {
  status: AnyStatus;
  size?: 'sm' | 'md';
}

/** A run or step status, coloured by its class (errored red, successful green, canceled grey, in progress blue, waiting amber). */
export function StatusBadge({ status, size = 'md', className, ...props }: StatusBadgeProps) {
  const label = useStatusLabel();
  const statusClass = classifyStatus(status);
  const Icon = classIcons[statusClass];
  return (
    <span
      data-slot="status-badge"
      data-status={status}
      data-class={statusClass}
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full font-medium whitespace-nowrap',
        size === 'sm' ? 'h-5 px-2 text-xs' : 'h-6 px-2.5 text-xs',
        classStyles[statusClass],
        className,
      )}
      {...props}
    >
      <Icon
        aria-hidden
        className={cn('size-3.5 shrink-0', statusClass === 'inProgress' && 'animate-spin')}
      />
      {label(status)}
    </span>
  );
}
