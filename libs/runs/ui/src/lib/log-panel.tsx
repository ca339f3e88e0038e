import { useLingui } from '@lingui/react/macro';
import { LogViewer, Spinner, cn } from '@terrace/design-system';
import { CircleCheck, CircleSlash, Radio } from 'lucide-react';

/** How the log reaches the page: opening, live, reconnecting after a break, complete, or not to be had. */
export type LogPanelStatus = 'connecting' | 'live' | 'reconnecting' | 'ended' | 'unavailable';

export interface LogPanelProps {
  lines: readonly string[];
  status: LogPanelStatus;
  /** The log's name, e.g. 'Deployment log'. */
  label: string;
  height?: number;
  className?: string;
}

/**
 * A run's log as it is written: the design system's LogViewer (ANSI colours, virtualised for
 * 100,000 lines, follow mode) under a line that says whether the log is live.
 */
export function LogPanel({ lines, status, label, height = 480, className }: LogPanelProps) {
  const { t } = useLingui();
  const state = {
    connecting: { icon: <Spinner className="size-3.5" />, text: t`Connecting to the log…` },
    live: { icon: <Radio aria-hidden className="size-3.5 text-success-subtle-foreground" />, text: t`Live: new lines appear as the run writes them.` },
    reconnecting: { icon: <Spinner className="size-3.5" />, text: t`Connection lost; reconnecting without losing lines…` },
    ended: { icon: <CircleCheck aria-hidden className="size-3.5" />, text: t`The log is complete.` },
    unavailable: {
      icon: <CircleSlash aria-hidden className="size-3.5" />,
      text: t`The live log is not available right now. The run’s status is shown as last loaded; reload the page to see it again.`,
    },
  }[status];
  return (
    <div data-slot="log-panel" data-status={status} className={cn('flex flex-col gap-2', className)}>
      <p role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
        {state.icon}
        {state.text}
      </p>
      <LogViewer lines={lines} label={label} height={height} />
    </div>
  );
}
