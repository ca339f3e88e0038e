import { useLingui } from '@lingui/react/macro';
import { OptionSelect, useStatusLabel } from '@terrace/design-system';
import type { RunStatus } from '@terrace/domain';

const ALL = 'all';

/** A runs list's status filter, over the statuses its tab can show. */
export function RunStatusFilter({ statuses, value, onChange }: { statuses: readonly RunStatus[]; value: RunStatus | undefined; onChange: (status: RunStatus | undefined) => void }) {
  const { t } = useLingui();
  const label = useStatusLabel();
  return (
    <OptionSelect
      aria-label={t`Status`}
      className="w-56"
      value={value ?? ALL}
      onValueChange={(next) => onChange(next === ALL ? undefined : (next as RunStatus))}
      options={[{ value: ALL, label: t`All statuses` }, ...statuses.map((status) => ({ value: status, label: label(status) }))]}
    />
  );
}
