import { describe, expect, it } from 'vitest';
import { renderMessage, type Message } from './message';
import {
  parseConditionValue,
  validateCondition,
  validateDefaultAgainstCondition,
  validateDisplayName,
  validateVariableKey,
  validateVariableValue,
  type ConditionInput,
  type ConditionOperator,
  type ConditionValue,
  type StoredCondition,
} from './variable-validators';

const text = (m: Message | undefined) => m && renderMessage(m);
const KEY = 'Key must consist of: letters, digits, underscores (_) and must not start with a digit';
const KEY_DASH =
  'Key must consist of: letters, digits, underscores (_), hyphens (-) and must not start with a digit or hyphen';

describe('validateVariableKey', () => {
  it.each<[string, boolean, string | undefined]>([
    ['region', false, undefined],
    ['_private', false, undefined],
    ['AWS_REGION2', false, undefined],
    ['a', false, undefined],
    ['2fast', false, KEY],
    ['my-key', false, KEY],
    ['has space', false, KEY],
    ['', false, KEY],
    ['ünïcode', false, KEY],
    ['my-key', true, undefined],
    ['_a-b_c', true, undefined],
    ['-leading', true, KEY_DASH],
    ['9lives', true, KEY_DASH],
    ['dot.key', true, KEY_DASH],
    ['', true, KEY_DASH],
  ])('%j (dash %s) → %s', (key, allowDash, expected) => {
    expect(text(validateVariableKey(key, { allowDash }))).toBe(expected);
  });
});

describe('validateVariableValue', () => {
  it.each<[string, boolean, string | undefined]>([
    ['us-east-1', false, undefined],
    ['  padded  ', false, undefined],
    ["it's", false, "Value can not contain the ' character"],
    ["'", true, "Value can not contain the ' character"],
    ['   ', false, 'Value can not contain only spaces'],
    ['\t', false, 'Value can not contain only spaces'],
    ['', false, 'Please enter value'],
    ['', true, undefined],
    ['   ', true, undefined],
    ['"double" quotes', false, undefined],
  ])('%j (allowEmpty %s) → %s', (value, allowEmpty, expected) => {
    expect(text(validateVariableValue(value, { allowEmpty }))).toBe(expected);
  });
});

describe('validateDisplayName', () => {
  it.each<[string, string | undefined]>([
    ['', undefined],
    ['Region', undefined],
    [' Region ', undefined],
    ['  ', 'Display name can not contain only spaces'],
  ])('%j → %s', (name, expected) => {
    expect(text(validateDisplayName(name))).toBe(expected);
  });
});

describe('validateCondition', () => {
  it.each<[ConditionInput, string | undefined]>([
    [{}, undefined],
    [{ operator: '', value: '' }, undefined],
    [{ operator: null, value: '   ' }, undefined],
    [{ value: 'abc' }, 'Select operator'],
    [{ operator: '', value: '5' }, 'Select operator'],
    [{ operator: 'ne', value: '' }, 'Please enter value'],
    [{ operator: 'startsWith', value: '   ' }, 'Please enter value'],
    [{ operator: 'contains' }, 'Please enter value'],
    [{ operator: 'in', value: '' }, 'Please enter value(s)'],
    [{ operator: 'in', value: ' , ,, ' }, 'Please enter value(s)'],
    [{ operator: 'in', value: 'a, b' }, undefined],
    [{ operator: 'lt', value: '10' }, undefined],
    [{ operator: 'lte', value: '-2.5' }, undefined],
    [{ operator: 'gt', value: 'ten' }, "For operator 'gt' property value must be a number"],
    [{ operator: 'gte', value: '1e3' }, "For operator 'gte' property value must be a number"],
    [{ operator: 'lt', value: '' }, 'Please enter value'],
    [{ operator: 'match', value: '^prod-[0-9]+$' }, undefined],
    [
      { operator: 'match', value: '([a-z' },
      "For operator 'match' the input is not a valid regex pattern",
    ],
    [{ operator: 'boolean' }, undefined],
    [{ operator: 'boolean', value: 'anything' }, undefined],
    [{ operator: 'ne', value: 'prod' }, undefined],
  ])('%o → %s', (condition, expected) => {
    expect(text(validateCondition(condition))).toBe(expected);
  });
});

describe('parseConditionValue', () => {
  it.each<[ConditionOperator, string, ConditionValue]>([
    ['in', ' a , b,,  c ', ['a', 'b', 'c']],
    ['in', '1, 2, x', [1, 2, 'x']],
    ['in', ' , ', []],
    ['lt', ' 10 ', 10],
    ['gte', '-2.5', -2.5],
    ['ne', 'prod', 'prod'],
    ['ne', '007', 7],
    ['startsWith', 'dev-', 'dev-'],
    ['match', ' ^a$ ', ' ^a$ '],
    ['boolean', 'true', undefined],
  ])('%s %j → %j', (operator, raw, expected) => {
    expect(parseConditionValue(operator, raw)).toEqual(expected);
  });
});

describe('validateDefaultAgainstCondition', () => {
  it.each<[string | undefined, StoredCondition, string | undefined]>([
    [undefined, { operator: 'lt', value: 5 }, undefined],
    ['', { operator: 'lt', value: 5 }, undefined],
    ['3', {}, undefined],
    ['3', { operator: 'lt', value: 5 }, undefined],
    ['5', { operator: 'lt', value: 5 }, 'Value must be less than 5'],
    ['5', { operator: 'lte', value: '5' }, undefined],
    ['6', { operator: 'lte', value: 5 }, 'Value must be less than or equal to 5'],
    ['5', { operator: 'gt', value: 5 }, 'Value must be greater than 5'],
    ['5.5', { operator: 'gt', value: 5 }, undefined],
    ['4', { operator: 'gte', value: 5 }, 'Value must be greater than or equal to 5'],
    ['5', { operator: 'gte', value: 5 }, undefined],
    ['abc', { operator: 'gt', value: 1 }, 'This variable value must be a number'],
    ['prod', { operator: 'ne', value: 'prod' }, 'Value must not be equal to prod'],
    ['1.0', { operator: 'ne', value: 1 }, 'Value must not be equal to 1'],
    ['dev', { operator: 'ne', value: 'prod' }, undefined],
    ['dev-1', { operator: 'startsWith', value: 'dev-' }, undefined],
    ['prod-1', { operator: 'startsWith', value: 'dev-' }, 'Value must start with dev-'],
    ['my-team-app', { operator: 'contains', value: 'team' }, undefined],
    ['my-app', { operator: 'contains', value: 'team' }, 'Value must include team'],
    ['b', { operator: 'in', value: ['a', 'b'] }, undefined],
    ['2', { operator: 'in', value: [1, 2] }, undefined],
    ['c', { operator: 'in', value: ['a', 'b'] }, 'Value must be one of: a, b'],
    ['b', { operator: 'in', value: 'a, b' }, undefined],
    ['prod-12', { operator: 'match', value: 'prod-[0-9]+' }, undefined],
    [
      'xprod-12',
      { operator: 'match', value: 'prod-[0-9]+' },
      'Value must match the pattern prod-[0-9]+',
    ],
    [
      'prod-12x',
      { operator: 'match', value: 'prod-[0-9]+' },
      'Value must match the pattern prod-[0-9]+',
    ],
    ['a|b', { operator: 'match', value: 'a|b' }, 'Value must match the pattern a|b'],
    ['anything', { operator: 'match', value: '([' }, 'The regex rule value is not a valid regex'],
    ['true', { operator: 'boolean' }, undefined],
    ['false', { operator: 'boolean' }, undefined],
    ['yes', { operator: 'boolean' }, "Value must be 'true' or 'false'"],
    ['True', { operator: 'boolean' }, "Value must be 'true' or 'false'"],
  ])('%j against %o → %s', (defaultValue, condition, expected) => {
    expect(text(validateDefaultAgainstCondition(defaultValue, condition))).toBe(expected);
  });
});
