import { useLingui } from '@lingui/react/macro';
import { OptionSelect } from '@terrace/design-system';
import { iacTypes } from '@terrace/stacks/data-access';
import { engineLabels } from './engine-labels';

/** The engine of a template or a blueprint (a deferred select: the wizards show it closed). */
export function EngineSelect({ value, onChange, triggerRef }: { value: string; onChange: (value: string) => void; triggerRef: (element: HTMLButtonElement | null) => void }) {
  const { i18n } = useLingui();
  return <OptionSelect ref={triggerRef} value={value} onValueChange={onChange} options={iacTypes.map((type) => ({ value: type, label: i18n._(engineLabels[type]) }))} />;
}
