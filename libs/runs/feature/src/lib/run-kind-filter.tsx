import { useLingui } from '@lingui/react/macro';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@terrace/design-system';
import { runKinds, type RunKind } from '@terrace/domain';
import { runKindLabels } from '@terrace/runs/ui';

const ALL = 'all';

/** The runs lists' kind filter (plans, deployments, destroys, tasks, external runs). */
export function RunKindFilter({ value, onChange }: { value: RunKind | undefined; onChange: (kind: RunKind | undefined) => void }) {
  const { t, i18n } = useLingui();
  return (
    <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : (next as RunKind))}>
      <SelectTrigger aria-label={t`Kind of run`} className="w-44">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{t`All kinds`}</SelectItem>
        {runKinds.map((kind) => (
          <SelectItem key={kind} value={kind}>
            {i18n._(runKindLabels[kind])}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
