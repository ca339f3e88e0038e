import { useLingui } from '@lingui/react/macro';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue, useStatusLabel } from '@terrace/design-system';
import type { RunStatus } from '@terrace/domain';

const ALL = 'all';

/** A runs list's status filter, over the statuses its tab can show. */
export function RunStatusFilter({ statuses, value, onChange }: { statuses: readonly RunStatus[]; value: RunStatus | undefined; onChange: (status: RunStatus | undefined) => void }) {
  const { t } = useLingui();
  const label = useStatusLabel();
  return (
    <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : (next as RunStatus))}>
      <SelectTrigger aria-label={t`Status`} className="w-56">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{t`All statuses`}</SelectItem>
        {statuses.map((status) => (
          <SelectItem key={status} value={status}>
            {label(status)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
