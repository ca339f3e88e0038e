import { useLingui } from '@lingui/react/macro';
import { OptionSelect } from '@terrace/design-system';
import { runKinds, type RunKind } from '@terrace/domain';
import { runKindLabels } from '@terrace/runs/ui';

const ALL = 'all';

/** The runs lists' kind filter (plans, deployments, destroys, tasks, external runs). */
export function RunKindFilter({ value, onChange }: { value: RunKind | undefined; onChange: (kind: RunKind | undefined) => void }) {
  const { t, i18n } = useLingui();
  return (
    <OptionSelect
      aria-label={t`Kind of run`}
      className="w-44"
      value={value ?? ALL}
      onValueChange={(next) => onChange(next === ALL ? undefined : (next as RunKind))}
      options={[{ value: ALL, label: t`All kinds` }, ...runKinds.map((kind) => ({ value: kind, label: i18n._(runKindLabels[kind]) }))]}
    />
  );
}
