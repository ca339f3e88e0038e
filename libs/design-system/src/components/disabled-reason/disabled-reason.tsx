import { useId, type ReactElement } from 'react';
import { DeferredTooltip } from '../../lib/deferred';
import type { TooltipProps } from '../tooltip/tooltip';

export interface DisabledReasonProps {
  /** Why the control is disabled, already translated; without one the control renders alone. */
  reason?: string | null | undefined;
  /** The disabled control (a button, a link styled as one). */
  children: ReactElement;
  side?: TooltipProps['side'];
}

/**
 * A disabled control that still says why: the reason shows on hover and keyboard focus, and is
 * part of what a screen reader reads. A disabled button takes neither pointer events nor focus,
 * so the wrapper is what the user points at and tabs to.
 */
export function DisabledReason({ reason, children, side }: DisabledReasonProps) {
  const id = useId();
  if (!reason) return children;
  return (
    <DeferredTooltip content={reason} side={side}>
      <span
        data-slot="disabled-reason"
        // Focusable so keyboard users reach the reason of a control they cannot use (the disabled
        // control itself cannot take focus).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-describedby={id}
        className="inline-flex rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
        <span id={id} className="sr-only">
          {reason}
        </span>
      </span>
    </DeferredTooltip>
  );
}
