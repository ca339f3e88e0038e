import { useLingui } from '@lingui/react/macro';
import {
  Button,
  ControlledField,
  FormDialog,
  Input,
  Label,
  OptionSelect,
  RadioGroup,
  RadioGroupItem,
  Switch,
  Textarea,
  toast,
  useContractForm,
  useController,
  useFieldArray,
  useFormContext,
  useWatch,
} from '@terrace/design-system';
import {
  useCreateVariableMutation,
  useUpdateVariableMutation,
  variableTypes,
  type Variable,
  type VariablePlace,
} from '@terrace/variables/data-access';
import { Plus, X } from 'lucide-react';
import { useId, useMemo, type ReactNode } from 'react';
import {
  conditionOperators,
  emptyVariableForm,
  formToVariableInput,
  formToVariableUpdate,
  variableFieldMessages,
  variableFormSchema,
  variableServerFields,
  variableToForm,
  type VariableFormValues,
} from './variable-form';
import { operatorLabels, variableTypeLabels } from './variable-labels';

export interface VariableDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the variable is (or is created). */
  place: VariablePlace;
  /** The variable to edit; null to create one. */
  variable: Variable | null;
  /** A new variable's first values (overriding an inherited one starts from its key and type). */
  initial?: Partial<VariableFormValues>;
  /** The dialog's title when creating (e.g. "Override region"). */
  createTitle?: string;
}

const NONE = 'none';
// Examples of HCL, kept out of the messages (braces are the messages' own syntax).
const hclListExample = '["a", "b"]';
const hclMapExample = '{ size = 3 }';

/** Creates or changes a variable with every field of the contract, checked with the rules of spec §5. */
export function VariableDialog({ open, onOpenChange, place, variable, initial, createTitle }: VariableDialogProps) {
  const { t } = useLingui();
  const storedSecret = variable?.isSensitive === true;
  const schema = useMemo(() => variableFormSchema({ storedSecret }), [storedSecret]);
  const start = variable ? variableToForm(variable) : emptyVariableForm(initial);
  const form = useContractForm({ schema, defaultValues: start, messages: variableFieldMessages });
  const create = useCreateVariableMutation();
  const update = useUpdateVariableMutation();

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={variable ? t`Edit ${variable.key}` : (createTitle ?? t`Add a variable`)}
      description={t`Terraform variables become inputs of the code; environment variables are set for the run.`}
      submitLabel={variable ? t`Save` : t`Add variable`}
      size="lg"
      form={form}
      values={start}
      serverFields={variableServerFields}
      onValid={async (values) => {
        if (variable) {
          await update.mutateAsync({ variableId: variable.id, input: formToVariableUpdate(values, place, storedSecret) });
          toast.success(t`${values.key} saved.`);
        } else {
          await create.mutateAsync(formToVariableInput(values, place));
          toast.success(t`${values.key} added.`);
        }
      }}
    >
      <VariableFields place={place} storedSecret={storedSecret} />
    </FormDialog>
  );
}

function VariableFields({ place, storedSecret }: { place: VariablePlace; storedSecret: boolean }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { control } = useFormContext<VariableFormValues>();
  const type = useController({ control, name: 'type' });
  // An HCL value is for Terraform variables only (the switch is not offered for the others).
  const isHcl = useWatch({ control, name: 'isHcl' }) && type.field.value === 'tfVar';
  const isSensitive = useWatch({ control, name: 'isSensitive' });
  const valueHelp = storedSecret
    ? t`Leave it empty to keep the stored value; it is never shown again.`
    : isHcl
      ? t`One HCL value: a list ${hclListExample}, a map ${hclMapExample}, a number or a bool. No references or function calls.`
      : t`The value can not contain the ' character.`;

  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t`Kind`}</legend>
        <RadioGroup
          value={type.field.value}
          onValueChange={(value) => type.field.onChange(value)}
          className="grid gap-3 sm:grid-cols-2"
        >
          {variableTypes.map((option) => (
            <div key={option} className="flex items-start gap-3 rounded-md border border-border p-3">
              <RadioGroupItem id={`${id}-${option}`} value={option} aria-describedby={`${id}-${option}-help`} className="mt-0.5" />
              <div className="flex flex-col">
                <Label htmlFor={`${id}-${option}`}>{i18n._(variableTypeLabels[option].label)}</Label>
                <span id={`${id}-${option}-help`} className="text-sm text-muted-foreground">
                  {i18n._(variableTypeLabels[option].help)}
                </span>
              </div>
            </div>
          ))}
        </RadioGroup>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <ControlledField<VariableFormValues, 'key'>
          name="key"
          label={t`Name`}
          required
          help={type.field.value === 'tfVar' ? t`As the code declares it, e.g. instance_type.` : t`As the program reads it, e.g. AWS_REGION.`}
        >
          {(field) => <Input {...field} autoComplete="off" spellCheck={false} dir="ltr" className="font-mono" />}
        </ControlledField>
        <ControlledField<VariableFormValues, 'displayName'> name="displayName" label={t`Display name`} help={t`Shown instead of the name where people choose values.`}>
          {(field) => <Input {...field} autoComplete="off" />}
        </ControlledField>
      </div>
      <ControlledField<VariableFormValues, 'value'> name="value" label={t`Value`} help={valueHelp}>
        {(field) =>
          // A sensitive value is typed masked, on one line, even in HCL.
          isHcl && !isSensitive ? (
            <Textarea {...field} rows={4} spellCheck={false} dir="ltr" className="font-mono" placeholder={storedSecret ? '••••••••' : undefined} />
          ) : (
            <Input
              {...field}
              type={isSensitive ? 'password' : 'text'}
              autoComplete={isSensitive ? 'new-password' : 'off'}
              spellCheck={false}
              dir="ltr"
              className="font-mono"
              placeholder={storedSecret ? '••••••••' : undefined}
            />
          )
        }
      </ControlledField>
      <div className="grid gap-3 sm:grid-cols-2">
        <Toggle name="isSensitive" label={t`Sensitive`} help={t`Stored encrypted, masked everywhere, masked in run logs.`} />
        {type.field.value === 'tfVar' && <Toggle name="isHcl" label={t`HCL value`} help={t`The value is a list, a map, a number or a bool written in HCL.`} />}
        <Toggle name="isRequired" label={t`Required`} help={t`Runs of a stack without a value for it do not start.`} />
        {place.scope !== 'stack' && (
          <Toggle name="isOverridable" label={t`Overridable`} help={t`Namespaces and stacks below may set their own value.`} />
        )}
      </div>
      <ControlledField<VariableFormValues, 'description'> name="description" label={t`Description`}>
        {(field) => <Textarea {...field} rows={2} />}
      </ControlledField>
      <ConditionsField />
    </>
  );
}

function Toggle({ name, label, help }: { name: 'isSensitive' | 'isHcl' | 'isRequired' | 'isOverridable'; label: ReactNode; help: ReactNode }) {
  const id = useId();
  const { control } = useFormContext<VariableFormValues>();
  const { field } = useController({ control, name });
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} aria-describedby={`${id}-help`} className="mt-0.5" />
      <div className="flex flex-col">
        <Label htmlFor={id}>{label}</Label>
        <span id={`${id}-help`} className="text-xs text-muted-foreground">
          {help}
        </span>
      </div>
    </div>
  );
}

/** The value conditions (spec §5): an operator and its value per row; every row is checked, then the value against it. */
function ConditionsField() {
  const { t, i18n } = useLingui();
  const { control } = useFormContext<VariableFormValues>();
  const rows = useFieldArray({ control, name: 'valueConditions' });
  const values = useWatch({ control, name: 'valueConditions' });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t`Value conditions`}</legend>
      <p className="text-sm text-muted-foreground">{t`The value must meet every condition; each is checked when the variable is saved.`}</p>
      {rows.fields.map((row, index) => {
        const operator = values?.[index]?.operator ?? '';
        const position = index + 1;
        return (
          <div key={row.id} className="grid items-start gap-2 sm:grid-cols-[14rem_1fr_auto]">
            <ControlledField<VariableFormValues, `valueConditions.${number}.operator`> name={`valueConditions.${index}.operator`} label={t`Condition ${position}`}>
              {(field) => (
                <OptionSelect
                  ref={field.ref}
                  value={field.value || NONE}
                  onValueChange={(value) => field.onChange(value === NONE ? '' : value)}
                  options={[
                    { value: NONE, label: t`Choose an operator` },
                    ...conditionOperators.map((op) => ({ value: op, label: i18n._(operatorLabels[op]) })),
                  ]}
                />
              )}
            </ControlledField>
            {operator === 'boolean' ? (
              <p className="pt-7 text-sm text-muted-foreground">{t`The value must be true or false.`}</p>
            ) : (
              <ControlledField<VariableFormValues, `valueConditions.${number}.value`>
                name={`valueConditions.${index}.value`}
                label={t`Condition ${position} value`}
                help={operator === 'in' ? t`Separate the allowed values with commas.` : operator === 'match' ? t`A regular expression the whole value must match.` : undefined}
              >
                {(field) => <Input {...field} autoComplete="off" spellCheck={false} dir="ltr" className="font-mono" />}
              </ControlledField>
            )}
            <Button type="button" variant="ghost" size="icon" className="sm:mt-6" aria-label={t`Remove condition ${position}`} onClick={() => rows.remove(index)}>
              <X aria-hidden />
            </Button>
          </div>
        );
      })}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => rows.append({ operator: '', value: '' })}>
          <Plus aria-hidden />
          {t`Add condition`}
        </Button>
      </div>
    </fieldset>
  );
}
