import { issueMessage } from '@terrace/design-system';
import { renderMessage } from '@terrace/domain';
import { variableFixture } from '@terrace/variables/data-access/testing';
import { describe, expect, it } from 'vitest';
import {
  emptyVariableForm,
  formToVariableInput,
  formToVariableUpdate,
  variableFieldMessages,
  variableFormSchema,
  variableToForm,
  type VariableFormValues,
} from './variable-form';

/** The message each field would show (its first issue, with the form's own wording), in English. */
function problems(values: Partial<VariableFormValues>, storedSecret = false) {
  const result = variableFormSchema({ storedSecret }).safeParse({ ...emptyVariableForm(), ...values });
  const shown: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    shown[path] ??= renderMessage(issueMessage(issue, variableFieldMessages[path]) as never);
  }
  return shown;
}

const ok = { key: 'region', value: 'eu-west-1' };
const parsed = (values: Partial<VariableFormValues>, storedSecret = false) => variableFormSchema({ storedSecret }).parse({ ...emptyVariableForm(), ...values });

describe('variable form', () => {
  it('words the key rules of spec §5, with the dash variant for Terraform variables only', () => {
    expect(problems({ ...ok, key: '' })).toEqual({ key: "Enter the variable's name." });
    expect(problems({ ...ok, key: '1abc' })).toEqual({ key: 'Key must consist of: letters, digits, underscores (_), hyphens (-) and must not start with a digit or hyphen' });
    expect(problems({ ...ok, key: 'a-b', type: 'envVar' })).toEqual({ key: 'Key must consist of: letters, digits, underscores (_) and must not start with a digit' });
    expect(problems({ ...ok, key: 'a-b', type: 'tfVar' })).toEqual({});
    expect(problems({ ...ok, key: 'k'.repeat(129) })).toEqual({ key: 'Use at most 128 characters.' });
  });

  it('words the value rules: the quote, blanks, and a value unless the variable waits for one', () => {
    expect(problems({ ...ok, value: "it's" })).toEqual({ value: "Value can not contain the ' character" });
    expect(problems({ ...ok, value: '   ' })).toEqual({ value: 'Value can not contain only spaces' });
    expect(problems({ ...ok, value: '' })).toEqual({ value: 'Please enter value' });
    expect(problems({ ...ok, value: '', isRequired: true })).toEqual({});
    expect(problems({ ...ok, displayName: '   ' })).toEqual({ displayName: 'Display name can not contain only spaces' });
  });

  it('checks every condition operator and then the value against the conditions', () => {
    const cond = (operator: string, value = '') => ({ valueConditions: [{ operator: operator as never, value }] });
    expect(problems({ ...ok, ...cond('', 'x') })).toEqual({ 'valueConditions.0.value': 'Select operator' });
    expect(problems({ ...ok, ...cond('ne', ' ') })).toEqual({ 'valueConditions.0.value': 'Please enter value' });
    expect(problems({ ...ok, ...cond('in', ' , ') })).toEqual({ 'valueConditions.0.value': 'Please enter value(s)' });
    expect(problems({ ...ok, ...cond('lt', 'ten') })).toEqual({ 'valueConditions.0.value': "For operator 'lt' property value must be a number" });
    expect(problems({ ...ok, ...cond('match', '(') })).toEqual({ 'valueConditions.0.value': "For operator 'match' the input is not a valid regex pattern" });
    expect(problems({ ...ok, ...cond('boolean') })).toEqual({ value: "Value must be 'true' or 'false'" });
    expect(problems({ key: 'n', value: 'x', ...cond('gte', '3') })).toEqual({ value: 'This variable value must be a number' });
    expect(problems({ key: 'n', value: '2', ...cond('gte', '3') })).toEqual({ value: 'Value must be greater than or equal to 3' });
    expect(problems({ key: 'n', value: '5', ...cond('lt', '3') })).toEqual({ value: 'Value must be less than 3' });
    expect(problems({ key: 'n', value: '3', ...cond('lte', '2') })).toEqual({ value: 'Value must be less than or equal to 2' });
    expect(problems({ key: 'n', value: '1', ...cond('gt', '2') })).toEqual({ value: 'Value must be greater than 2' });
    expect(problems({ ...ok, ...cond('ne', 'eu-west-1') })).toEqual({ value: 'Value must not be equal to eu-west-1' });
    expect(problems({ ...ok, ...cond('startsWith', 'us-') })).toEqual({ value: 'Value must start with us-' });
    expect(problems({ ...ok, ...cond('contains', 'central') })).toEqual({ value: 'Value must include central' });
    expect(problems({ ...ok, ...cond('in', 'us-east-1, us-west-2') })).toEqual({ value: 'Value must be one of: us-east-1, us-west-2' });
    expect(problems({ ...ok, ...cond('match', 'eu') })).toEqual({ value: 'Value must match the pattern eu' });
    expect(problems({ ...ok, ...cond('match', 'eu-.*') })).toEqual({});
  });

  it('keeps a stored secret when its value is left empty, and asks for it to make it not sensitive', () => {
    expect(problems({ ...ok, value: '', isSensitive: true }, true)).toEqual({});
    expect(problems({ ...ok, value: '', isSensitive: false }, true)).toEqual({ value: 'Enter the value again to make it not sensitive.' });
    const update = formToVariableUpdate(parsed({ ...ok, value: '', isSensitive: true }, true), { scope: 'organization' }, true);
    expect(update).not.toHaveProperty('value');
    expect(formToVariableUpdate(parsed({ ...ok, value: 'new', isSensitive: true }, true), { scope: 'organization' }, true).value).toBe('new');
  });

  it('sends the contract’s shape: conditions stored as the server keeps them, HCL for Terraform only, stacks always overridable', () => {
    const values = parsed({
      key: ' size ',
      value: '3',
      displayName: 'Size',
      isHcl: true,
      isOverridable: false,
      valueConditions: [
        { operator: 'lte', value: ' 5 ' },
        { operator: 'in', value: '1, 3 ,, 5' },
        { operator: '', value: '' },
      ],
    });
    expect(formToVariableInput(values, { scope: 'namespace', scopeId: 'ns-1' })).toEqual({
      scope: 'namespace',
      scopeId: 'ns-1',
      key: 'size',
      type: 'tfVar',
      value: '3',
      displayName: 'Size',
      isSensitive: false,
      isOverridable: false,
      isRequired: false,
      isHcl: true,
      valueConditions: [{ operator: 'lte', value: 5 }, { operator: 'in', value: ['1', '3', '5'] }],
    });
    expect(formToVariableInput(values, { scope: 'stack', scopeId: 'stk-1' }).isOverridable).toBe(true);
    expect(formToVariableInput(parsed({ ...values, type: 'envVar', key: 'SIZE' }), { scope: 'organization' }).isHcl).toBe(false);
    const flag = parsed({ key: 'enabled', value: 'true', valueConditions: [{ operator: 'boolean', value: 'ignored' }] });
    expect(formToVariableInput(flag, { scope: 'organization' }).valueConditions).toEqual([{ operator: 'boolean' }]);
  });

  it('round-trips a stored variable, clearing emptied texts on update', () => {
    const stored = variableFixture({ displayName: 'Region', description: 'Where', valueConditions: [{ operator: 'in', value: ['eu-west-1', 'us-east-1'] }] });
    const form = variableToForm(stored);
    expect(form.valueConditions).toEqual([{ operator: 'in', value: 'eu-west-1, us-east-1' }]);
    const update = formToVariableUpdate(parsed({ ...form, displayName: '', description: '' }), { scope: 'organization' }, false);
    expect(update).toMatchObject({ key: 'region', value: 'eu-west-1', displayName: null, description: null, valueConditions: [{ operator: 'in', value: ['eu-west-1', 'us-east-1'] }] });
    expect(variableToForm(variableFixture({ isSensitive: true, value: '' })).value).toBe('');
  });
});
