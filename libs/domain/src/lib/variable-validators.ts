import { withValues, type Message } from './message';

export const variableMessages = {
  key: /*i18n*/ {
    id: 'validation.variable.key',
    message:
      'Key must consist of: letters, digits, underscores (_) and must not start with a digit',
  },
  keyWithDash: /*i18n*/ {
    id: 'validation.variable.keyWithDash',
    message:
      'Key must consist of: letters, digits, underscores (_), hyphens (-) and must not start with a digit or hyphen',
  },
  valueQuote: /*i18n*/ {
    id: 'validation.variable.valueQuote',
    message: "Value can not contain the ' character",
  },
  valueSpaces: /*i18n*/ {
    id: 'validation.variable.valueSpaces',
    message: 'Value can not contain only spaces',
  },
  displayNameSpaces: /*i18n*/ {
    id: 'validation.variable.displayNameSpaces',
    message: 'Display name can not contain only spaces',
  },
  selectOperator: /*i18n*/ {
    id: 'validation.condition.selectOperator',
    message: 'Select operator',
  },
  enterValue: /*i18n*/ { id: 'validation.condition.enterValue', message: 'Please enter value' },
  enterValues: /*i18n*/ {
    id: 'validation.condition.enterValues',
    message: 'Please enter value(s)',
  },
  // '' is ICU for one apostrophe: Lingui and renderMessage both print 'lt' with quotes.
  notNumber: /*i18n*/ {
    id: 'validation.condition.notNumber',
    message: "For operator ''{op}'' property value must be a number",
  },
  badRegex: /*i18n*/ {
    id: 'validation.condition.badRegex',
    message: "For operator ''{op}'' the input is not a valid regex pattern",
  },
  defaultNotNumber: /*i18n*/ {
    id: 'validation.default.notNumber',
    message: 'This variable value must be a number',
  },
  defaultLt: /*i18n*/ { id: 'validation.default.lt', message: 'Value must be less than {value}' },
  defaultLte: /*i18n*/ {
    id: 'validation.default.lte',
    message: 'Value must be less than or equal to {value}',
  },
  defaultGt: /*i18n*/ {
    id: 'validation.default.gt',
    message: 'Value must be greater than {value}',
  },
  defaultGte: /*i18n*/ {
    id: 'validation.default.gte',
    message: 'Value must be greater than or equal to {value}',
  },
  defaultNe: /*i18n*/ {
    id: 'validation.default.ne',
    message: 'Value must not be equal to {value}',
  },
  defaultStartsWith: /*i18n*/ {
    id: 'validation.default.startsWith',
    message: 'Value must start with {value}',
  },
  defaultContains: /*i18n*/ {
    id: 'validation.default.contains',
    message: 'Value must include {value}',
  },
  defaultIn: /*i18n*/ { id: 'validation.default.in', message: 'Value must be one of: {value}' },
  defaultMatch: /*i18n*/ {
    id: 'validation.default.match',
    message: 'Value must match the pattern {value}',
  },
  defaultRuleRegex: /*i18n*/ {
    id: 'validation.default.ruleRegex',
    message: 'The regex rule value is not a valid regex',
  },
  defaultBoolean: /*i18n*/ {
    id: 'validation.default.boolean',
    message: "Value must be 'true' or 'false'",
  },
} as const satisfies Record<string, Message>;

const KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KEY_WITH_DASH_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Terraform variable keys; environment variables of some tools also allow hyphens (`allowDash`). */
export function validateVariableKey(
  key: string,
  options: { allowDash?: boolean } = {},
): Message | undefined {
  if (options.allowDash)
    return KEY_WITH_DASH_PATTERN.test(key) ? undefined : variableMessages.keyWithDash;
  return KEY_PATTERN.test(key) ? undefined : variableMessages.key;
}

/**
 * The specification forbids the single quote in every variable value and blank-only values in
 * required ones. `allowEmpty` is for optional values: only the quote is checked.
 */
export function validateVariableValue(
  value: string,
  options: { allowEmpty?: boolean } = {},
): Message | undefined {
  if (value.includes("'")) return variableMessages.valueQuote;
  if (options.allowEmpty) return undefined;
  if (value === '') return variableMessages.enterValue;
  if (value.trim() === '') return variableMessages.valueSpaces;
  return undefined;
}

/** The display name is optional, but blanks alone would render as an empty label. */
export function validateDisplayName(name: string): Message | undefined {
  return name.length > 0 && name.trim() === '' ? variableMessages.displayNameSpaces : undefined;
}

export const conditionOperators = [
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'startsWith',
  'contains',
  'in',
  'match',
  'boolean',
] as const;
export type ConditionOperator = (typeof conditionOperators)[number];
export const numericConditionOperators: readonly ConditionOperator[] = ['lt', 'lte', 'gt', 'gte'];

export type ConditionScalar = string | number;
export type ConditionValue = ConditionScalar | ConditionScalar[] | undefined;

export interface ConditionInput {
  operator?: ConditionOperator | '' | null;
  /** The raw text of the value field. */
  value?: string | null;
}

const NUMERIC = /^[-+]?(?:\d+\.?\d*|\.\d+)$/;
export function isNumericString(value: string): boolean {
  return NUMERIC.test(value.trim());
}

function toScalar(text: string): ConditionScalar {
  const trimmed = text.trim();
  return isNumericString(trimmed) ? Number(trimmed) : trimmed;
}

/** Splits an `in` value on commas, trims each item and drops empty ones. */
export function splitInValues(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The stored form of a condition value: numbers for numeric strings, a list for `in`, nothing for `boolean`. */
export function parseConditionValue(operator: ConditionOperator, raw: string): ConditionValue {
  if (operator === 'boolean') return undefined;
  if (operator === 'in') return splitInValues(raw).map(toScalar);
  if (operator === 'match') return raw;
  return toScalar(raw);
}

function isValidRegex(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** Validates the condition row of a variable (operator and value fields). */
export function validateCondition(condition: ConditionInput): Message | undefined {
  const operator = condition.operator || undefined;
  const raw = condition.value ?? '';
  if (!operator) return raw.trim() === '' ? undefined : variableMessages.selectOperator;
  if (operator === 'boolean') return undefined;
  if (operator === 'in')
    return splitInValues(raw).length === 0 ? variableMessages.enterValues : undefined;
  if (raw.trim() === '') return variableMessages.enterValue;
  if (numericConditionOperators.includes(operator) && !isNumericString(raw)) {
    return withValues(variableMessages.notNumber, { op: operator });
  }
  if (operator === 'match' && !isValidRegex(raw))
    return withValues(variableMessages.badRegex, { op: operator });
  return undefined;
}

export interface StoredCondition {
  operator?: ConditionOperator | '' | null;
  value?: ConditionValue | null;
}

function conditionList(value: ConditionValue | null | undefined): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? splitInValues(value) : [String(value)];
}

/**
 * Checks a variable's default value against its condition. It applies only when both exist; a
 * condition that is itself invalid is reported by validateCondition, not here (except a bad regex,
 * which would otherwise make every default fail silently).
 */
export function validateDefaultAgainstCondition(
  defaultValue: string | null | undefined,
  condition: StoredCondition,
): Message | undefined {
  const operator = condition.operator || undefined;
  if (!operator || defaultValue === undefined || defaultValue === null || defaultValue === '')
    return undefined;
  const ruleValue = condition.value;
  if (operator === 'boolean') {
    return defaultValue === 'true' || defaultValue === 'false'
      ? undefined
      : variableMessages.defaultBoolean;
  }
  if (operator === 'in') {
    const options = conditionList(ruleValue);
    return options.includes(defaultValue)
      ? undefined
      : withValues(variableMessages.defaultIn, { value: options.join(', ') });
  }
  if (ruleValue === undefined || ruleValue === null || Array.isArray(ruleValue)) return undefined;
  const rule = String(ruleValue);
  switch (operator) {
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      if (!isNumericString(defaultValue)) return variableMessages.defaultNotNumber;
      if (!isNumericString(rule)) return undefined;
      const value = Number(defaultValue);
      const limit = Number(rule);
      const ok = { lt: value < limit, lte: value <= limit, gt: value > limit, gte: value >= limit }[
        operator
      ];
      const message = {
        lt: variableMessages.defaultLt,
        lte: variableMessages.defaultLte,
        gt: variableMessages.defaultGt,
        gte: variableMessages.defaultGte,
      }[operator];
      return ok ? undefined : withValues(message, { value: limit });
    }
    case 'ne': {
      const equal =
        defaultValue === rule ||
        (isNumericString(defaultValue) &&
          isNumericString(rule) &&
          Number(defaultValue) === Number(rule));
      return equal ? withValues(variableMessages.defaultNe, { value: rule }) : undefined;
    }
    case 'startsWith':
      return defaultValue.startsWith(rule)
        ? undefined
        : withValues(variableMessages.defaultStartsWith, { value: rule });
    case 'contains':
      return defaultValue.includes(rule)
        ? undefined
        : withValues(variableMessages.defaultContains, { value: rule });
    case 'match': {
      if (!isValidRegex(rule)) return variableMessages.defaultRuleRegex;
      // The whole value must match, not a part of it.
      return new RegExp(`^(?:${rule})$`).test(defaultValue)
        ? undefined
        : withValues(variableMessages.defaultMatch, { value: rule });
    }
  }
}
