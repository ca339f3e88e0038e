import {
  renderMessage,
  splitInValues,
  parseConditionValue,
  validateCondition,
  validateDefaultAgainstCondition,
  validateDisplayName,
  validateVariableKey,
  validateVariableValue,
  type Message,
} from '@terrace/domain';
import { hclExpressionProblem } from '@terrace/iac-code';
import { validationError } from '../../http/domain-error';
import type { Schemas } from '../../http/contract-types';

export type VariableCondition = Schemas['VariableCondition'];
export type VariableType = Schemas['VariableType'];

const refuse = (message: Message, field: string) => validationError(renderMessage(message), field);

/**
 * Keys (spec §5): letters, digits, underscores, not starting with a digit. Terraform identifiers
 * may also hold hyphens (the spec's dash variant); environment variable names may not.
 */
export function checkKey(key: string, type: VariableType, field: string): void {
  const problem = validateVariableKey(key, { allowDash: type === 'tfVar' });
  if (problem) throw refuse(problem, field);
}

/** A value may be empty (a required variable waiting for one); otherwise no quote and not only spaces. */
export function checkValue(value: string, field: string): void {
  const problem = validateVariableValue(value, { allowEmpty: value === '' });
  if (problem) throw refuse(problem, field);
}

export function checkDisplayName(name: string, field: string): void {
  const problem = validateDisplayName(name);
  if (problem) throw refuse(problem, field);
}

/** The raw text the console's condition field holds for a wire value. */
function rawText(value: VariableCondition['value']): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/**
 * Validates each condition with the spec's rules and answers its stored form: numbers for the
 * number operators (numeric strings become numbers), an array of strings for `in`, no value for
 * `boolean`.
 */
export function normaliseConditions(conditions: VariableCondition[], field: string): VariableCondition[] {
  return conditions.map((condition, index) => {
    const raw = rawText(condition.value);
    const problem = validateCondition({ operator: condition.operator, value: raw });
    if (problem) throw refuse(problem, `${field}[${index}].value`);
    if (condition.operator === 'boolean') return { operator: 'boolean' };
    if (condition.operator === 'in') return { operator: 'in', value: splitInValues(raw) };
    const parsed = parseConditionValue(condition.operator, raw);
    return { operator: condition.operator, value: parsed as string | number };
  });
}

/** A value against its conditions (only when both exist), with the spec's messages. */
export function checkValueAgainstConditions(value: string, conditions: VariableCondition[], field: string): void {
  for (const condition of conditions) {
    const problem = validateDefaultAgainstCondition(value, condition);
    if (problem) throw refuse(problem, field);
  }
}

/**
 * An HCL value is for Terraform variables only, and must be one HCL expression (HashiCorp's parser
 * decides). The parser's words may quote the value, so a sensitive one is refused without them.
 */
export async function checkHcl(
  fields: { isHcl: boolean; type: VariableType; value: string; isSensitive: boolean },
  prefix: string,
): Promise<void> {
  if (!fields.isHcl) return;
  if (fields.type !== 'tfVar') throw validationError('Only Terraform variables can hold an HCL value', `${prefix}.isHcl`);
  if (fields.value === '') return;
  const problem = await hclExpressionProblem(fields.value);
  if (problem) {
    throw validationError(fields.isSensitive ? 'The value is not a valid HCL expression' : `The value is not a valid HCL expression: ${problem}`, `${prefix}.value`);
  }
}
