import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { zVariableConditionOperator, zVariableInput } from '@terrace/api-client/schemas';
import { addDomainIssue, domainRule, trimmed, unwrapOptional, type FieldMessages } from '@terrace/design-system';
import {
  conditionOperators,
  parseConditionValue,
  validateCondition,
  validateDefaultAgainstCondition,
  validateDisplayName,
  validateVariableKey,
  validateVariableValue,
  type ConditionOperator,
} from '@terrace/domain';
import {
  placeFields,
  type Variable,
  type VariableCondition,
  type VariableInput,
  type VariablePlace,
  type VariableUpdate,
} from '@terrace/variables/data-access';
import { z } from 'zod/mini';

// Every limit comes from the contract's generated schema; the rules of spec §5 are the domain's
// validators (libs/domain variable-validators.ts), shared with the server.
const wire = zVariableInput.shape;

const condition = z
  .object({ operator: z.union([z.literal(''), zVariableConditionOperator]), value: z.string() })
  .check(domainRule((c) => validateCondition(c), { path: ['value'] }));

/** How a form starts: a new variable, or a stored one (whose sensitive value is never shown). */
export interface VariableFormMode {
  /** The variable being edited holds a sensitive value the form cannot show: empty keeps it. */
  storedSecret: boolean;
}

export function variableFormSchema({ storedSecret }: VariableFormMode) {
  return z
    .object({
      type: wire.type,
      key: trimmed(wire.key.check(z.minLength(1))),
      displayName: z.pipe(z.string().check(domainRule(validateDisplayName)), trimmed(unwrapOptional(wire.displayName))),
      description: trimmed(unwrapOptional(wire.description)),
      value: z.string(),
      isHcl: z.boolean(),
      isSensitive: z.boolean(),
      isOverridable: z.boolean(),
      isRequired: z.boolean(),
      valueConditions: z.array(condition),
    })
    .check(z.superRefine((values, ctx) => {
      const report = (path: string, message: MessageDescriptor) => addDomainIssue(ctx, message, [path]);
      const keyProblem = validateVariableKey(values.key.trim(), { allowDash: values.type === 'tfVar' });
      if (keyProblem && values.key.trim() !== '') report('key', keyProblem);
      const keeps = storedSecret && values.value === '';
      if (keeps) {
        if (!values.isSensitive) report('value', msg`Enter the value again to make it not sensitive.`);
        return;
      }
      // A required variable may wait for a narrower scope to give it a value; any other needs one.
      const valueProblem = validateVariableValue(values.value, { allowEmpty: values.isRequired && values.value === '' });
      if (valueProblem) return report('value', valueProblem);
      for (const rule of values.valueConditions) {
        if (!rule.operator || validateCondition(rule)) continue;
        const problem = validateDefaultAgainstCondition(values.value, { operator: rule.operator, value: parseConditionValue(rule.operator, rule.value) });
        if (problem) return report('value', problem);
      }
    }));
}

export type VariableFormValues = z.input<ReturnType<typeof variableFormSchema>>;
export type VariableFormOutput = z.output<ReturnType<typeof variableFormSchema>>;
export type ConditionRow = VariableFormValues['valueConditions'][number];

export const variableFieldMessages: FieldMessages = {
  key: { required: msg`Enter the variable's name.` },
};

/** Server field paths whose form field is named differently (the rest match without `entity.`). */
export const variableServerFields: Record<string, string> = Object.fromEntries(
  Array.from({ length: 20 }, (_, i) => [
    [`entity.valueConditions[${i}].value`, `valueConditions.${i}.value`],
    [`entity.valueConditions[${i}].operator`, `valueConditions.${i}.operator`],
  ]).flat(),
);

export { conditionOperators };
export type { ConditionOperator };

export function emptyVariableForm(overrides: Partial<VariableFormValues> = {}): VariableFormValues {
  return {
    type: 'tfVar',
    key: '',
    displayName: '',
    description: '',
    value: '',
    isHcl: false,
    isSensitive: false,
    isOverridable: true,
    isRequired: false,
    valueConditions: [],
    ...overrides,
  };
}

/** The raw text a condition's value field holds for its stored form (`in` lists comma-separated). */
export function conditionText(value: VariableCondition['value']): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export function variableToForm(variable: Variable): VariableFormValues {
  return {
    type: variable.type,
    key: variable.key,
    displayName: variable.displayName ?? '',
    description: variable.description ?? '',
    // A sensitive value is never sent to the console: empty keeps it.
    value: variable.isSensitive ? '' : (variable.value ?? ''),
    isHcl: variable.isHcl ?? false,
    isSensitive: variable.isSensitive,
    isOverridable: variable.isOverridable ?? true,
    isRequired: variable.isRequired ?? false,
    valueConditions: (variable.valueConditions ?? []).map((c) => ({ operator: c.operator, value: conditionText(c.value) })),
  };
}

/** The conditions as the contract stores them: numbers for numeric strings, lists for `in`, no value for `boolean`. */
function toConditions(rows: VariableFormOutput['valueConditions']): VariableCondition[] {
  return rows
    .filter((row): row is { operator: ConditionOperator; value: string } => row.operator !== '')
    .map((row) => {
      const value = parseConditionValue(row.operator, row.value);
      if (value === undefined) return { operator: row.operator };
      // `in` carries strings on the wire (spec: "in carries an array of strings").
      return { operator: row.operator, value: Array.isArray(value) ? value.map(String) : value };
    });
}

/** The create body at `place`. */
export function formToVariableInput(values: VariableFormOutput, place: VariablePlace): VariableInput {
  return {
    ...placeFields(place),
    key: values.key,
    type: values.type,
    value: values.value,
    ...(values.displayName ? { displayName: values.displayName } : {}),
    ...(values.description ? { description: values.description } : {}),
    isSensitive: values.isSensitive,
    // Nothing is narrower than a stack: its variables are never overridden.
    isOverridable: place.scope === 'stack' ? true : values.isOverridable,
    isRequired: values.isRequired,
    isHcl: values.type === 'tfVar' && values.isHcl,
    valueConditions: toConditions(values.valueConditions),
  };
}

/** The update body: every field the form edits, a cleared text as null, a kept secret left out. */
export function formToVariableUpdate(values: VariableFormOutput, place: VariablePlace, storedSecret: boolean): VariableUpdate {
  const { scope: _scope, scopeId: _scopeId, value, displayName, description, ...rest } = formToVariableInput(values, place);
  const keeps = storedSecret && values.isSensitive && values.value === '';
  return {
    ...rest,
    ...(keeps ? {} : { value }),
    displayName: displayName ?? null,
    description: description ?? null,
  };
}
