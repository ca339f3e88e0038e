import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

import { severities, type Severity } from '@terrace/domain';

export const severityLevels = severities;
export type SeverityLevel = Severity;

const styles: Record<SeverityLevel, { tag: string; dot: string }> = {
  minor: { tag: 'bg-severity-minor text-severity-minor-foreground', dot: 'bg-severity-minor-dot' },
  moderate: {
    tag: 'bg-severity-moderate text-severity-moderate-foreground',
    dot: 'bg-severity-moderate-dot',
  },
  major: { tag: 'bg-severity-major text-severity-major-foreground', dot: 'bg-severity-major-dot' },
  critical: {
    tag: 'bg-severity-critical text-severity-critical-foreground',
    dot: 'bg-severity-critical-dot',
  },
};

export interface SeverityTagProps extends Omit<ComponentProps<'span'>, 'children'> {
  severity: SeverityLevel;
}

/** Policy severity: minor yellow, moderate gold, major orange, critical red. */
export function SeverityTag({ severity, className, ...props }: SeverityTagProps) {
  const { t } = useLingui();
  const label = { minor: t`Minor`, moderate: t`Moderate`, major: t`Major`, critical: t`Critical` }[
    severity
  ];
  return (
    <span
      data-slot="severity-tag"
      data-severity={severity}
      className={cn(
        'inline-flex h-6 w-fit items-center gap-1.5 rounded-md px-2 text-xs font-medium whitespace-nowrap',
        styles[severity].tag,
        className,
      )}
      {...props}
    >
      <span aria-hidden className={cn('size-2 rounded-full', styles[severity].dot)} />
      {label}
    </span>
  );
}
