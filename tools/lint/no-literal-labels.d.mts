import type { Rule } from 'eslint';
export const noLiteralLabels: Rule.RuleModule;
export const terracePlugin: { rules: Record<string, Rule.RuleModule> };
