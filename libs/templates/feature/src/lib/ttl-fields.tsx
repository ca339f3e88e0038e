import { useLingui } from '@lingui/react/macro';
import { ControlledField, Input, OptionSelect } from '@terrace/design-system';

/** A time to live: a whole number and its unit (hours or days). */
export function TtlFields({ prefix, label, help }: { prefix: string; label: string; help?: string }) {
  const { t } = useLingui();
  return (
    <div className="grid grid-cols-[1fr_10rem] items-start gap-3">
      <ControlledField name={`${prefix}.value`} label={label} help={help} required>
        {(field) => <Input {...field} value={(field.value as string) ?? ''} inputMode="numeric" />}
      </ControlledField>
      <ControlledField name={`${prefix}.type`} label={t`Unit`} required>
        {(field) => (
          <OptionSelect
            ref={field.ref}
            value={field.value as string}
            onValueChange={field.onChange}
            options={[
              { value: 'hours', label: t`Hours` },
              { value: 'days', label: t`Days` },
            ]}
          />
        )}
      </ControlledField>
    </div>
  );
}
