import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface DescriptionListProps {
  /** Label and value of each row, in order; labels are unique. */
  rows: readonly (readonly [string, ReactNode])[];
  className?: string;
}

/** An object's properties on its detail page's overview: labels in one column, values in the next. */
export function DescriptionList({ rows, className }: DescriptionListProps) {
  return (
    <dl data-slot="description-list" className={cn('grid max-w-3xl grid-cols-[minmax(10rem,auto)_1fr] gap-x-6 gap-y-3 text-sm', className)}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
