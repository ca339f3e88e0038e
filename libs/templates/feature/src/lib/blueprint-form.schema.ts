import { msg } from '@lingui/core/macro';
import { zBlueprintInput, zIacType, zVariableConditionOperator } from '@terrace/api-client/schemas';
import { addDomainIssue, domainRule, trimmed } from '@terrace/design-system';
import { validateCondition, validateSubstitutedField } from '@terrace/domain';
import { z } from 'zod/mini';
import { placeholders } from './blueprint-form';
import { varFiles, vcsObject } from './template-form.schema';

/** What the wizard sends, loaded with its checks (a submit comes only once they passed). */
export { formToBlueprintInput } from './blueprint-form-input';

// The blueprint wizard's checks, in a module of their own: the wizard loads them (and zod) at the
// user's first press or key (lazySchema).
const conditionRow = z
  .object({ operator: z.union([zVariableConditionOperator, z.literal('')]), value: z.string() })
  .check(domainRule((row) => validateCondition(row), { path: ['value'] }));

const parameterRow = z.object({
  key: z.string().check(z.trim(), z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/)),
  description: trimmed(),
  conditions: z.array(conditionRow),
});

const blueprintWire = zBlueprintInput.shape;
export const blueprintFormSchema = z
  .object({
    name: trimmed(blueprintWire.name),
    description: trimmed(),
    vcsInfo: vcsObject('static'),
    stackName: z.string().check(z.trim(), z.minLength(1), domainRule(validateSubstitutedField)),
    iacType: zIacType,
    varFiles,
    target: z.extend(vcsObject('dynamic'), { path: z.string().check(z.trim(), z.minLength(1), domainRule(validateSubstitutedField)) }),
    parameters: z.array(parameterRow),
    skipPlanOnStackInitialization: z.boolean(),
    autoApproveApplyOnInitialization: z.boolean(),
  })
  .check(z.superRefine((values, ctx) => {
    const keys = new Set<string>();
    values.parameters.forEach((parameter, index) => {
      if (keys.has(parameter.key)) {
        addDomainIssue(ctx, msg`Each parameter needs its own key.`, ['parameters', index, 'key']);
      }
      keys.add(parameter.key);
    });
    // A {placeholder} without a parameter could never be filled in.
    for (const [field, value] of [['stackName', values.stackName], ['target.path', values.target.path], ['target.branch', values.target.branch]] as const) {
      const missing = placeholders(value).find((key) => !keys.has(key));
      if (missing) {
        addDomainIssue(ctx, msg`Add a substitute parameter named ${missing}, or remove '{'${missing}'}'.`, field.split('.'));
      }
    }
  }));
