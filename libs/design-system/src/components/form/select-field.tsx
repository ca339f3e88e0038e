import type { FieldPath, FieldValues } from '../../lib/form-engine/types';
import { OptionSelect, type OptionSelectProps } from '../select/option-select';
import { ControlledField, type ControlledFieldProps } from './form';

export interface SelectFieldProps<Values extends FieldValues, Name extends FieldPath<Values>>
  extends
    Omit<ControlledFieldProps<Values, Name>, 'children'>,
    Pick<OptionSelectProps, 'options' | 'placeholder' | 'disabled' | 'size'> {
  /** Runs once the field has the chosen value: where a choice resets the fields that depend on it. */
  onValueChange?: (value: string) => void;
}

/**
 * A ControlledField whose control is an OptionSelect, wired once: the trigger gets the field's
 * ref, so the form focuses it when its value is refused. A module of its own, so a form without a
 * select does not load OptionSelect.
 */
export function SelectField<
  Values extends FieldValues = FieldValues,
  Name extends FieldPath<Values> = FieldPath<Values>,
>({
  name,
  label,
  help,
  required,
  className,
  onValueChange,
  ...select
}: SelectFieldProps<Values, Name>) {
  return (
    <ControlledField<Values, Name>
      name={name}
      label={label}
      help={help}
      required={required}
      className={className}
    >
      {(field) => (
        <OptionSelect
          {...select}
          ref={field.ref}
          value={field.value as string | undefined}
          onValueChange={(value) => {
            field.onChange(value);
            onValueChange?.(value);
          }}
        />
      )}
    </ControlledField>
  );
}
