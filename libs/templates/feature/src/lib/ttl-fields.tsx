import { useLingui } from '@lingui/react/macro';
import { ControlledField, Input, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@terrace/design-system';

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
          <Select value={field.value as string} onValueChange={field.onChange}>
            <SelectTrigger ref={field.ref}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="hours">{t`Hours`}</SelectItem>
              <SelectItem value="days">{t`Days`}</SelectItem>
            </SelectContent>
          </Select>
        )}
      </ControlledField>
    </div>
  );
}
