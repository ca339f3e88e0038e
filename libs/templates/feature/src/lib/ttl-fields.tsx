import { useLingui } from '@lingui/react/macro';
import { ControlledField, Input, SelectField } from '@terrace/design-system';

/** A time to live: a whole number and its unit (hours or days). */
export function TtlFields({ prefix, label, help }: { prefix: string; label: string; help?: string }) {
  const { t } = useLingui();
  return (
    <div className="grid grid-cols-[1fr_10rem] items-start gap-3">
      <ControlledField name={`${prefix}.value`} label={label} help={help} required>
        {(field) => <Input {...field} value={(field.value as string) ?? ''} inputMode="numeric" />}
      </ControlledField>
      <SelectField
        name={`${prefix}.type`}
        label={t`Unit`}
        required
        options={[
          { value: 'hours', label: t`Hours` },
          { value: 'days', label: t`Days` },
        ]}
      />
    </div>
  );
}
