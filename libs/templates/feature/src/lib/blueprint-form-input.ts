import { parseConditionValue, type ConditionOperator } from '@terrace/domain';
import type { BlueprintInput, SubstituteParameter } from '@terrace/templates/data-access';
import type { BlueprintFormOutput } from './blueprint-form';
import { splitList, vcsToWire } from './definition-form';

// What the blueprint wizards send: the value conditions' parsing (the domain's variable rules)
// loads with the wizard's checks (blueprint-form.schema.ts), not with its first step.

function conditionToWire(operator: ConditionOperator, raw: string): SubstituteParameter['valueConditions'] extends (infer C)[] | undefined ? C : never {
  const value = parseConditionValue(operator, raw);
  if (value === undefined) return { operator };
  if (Array.isArray(value)) return { operator, value: value.map(String) };
  return { operator, value };
}

export function formToBlueprintInput(values: BlueprintFormOutput): BlueprintInput {
  return {
    name: values.name,
    ...(values.description ? { description: values.description } : {}),
    vcsInfo: vcsToWire(values.vcsInfo),
    stackConfiguration: {
      name: values.stackName,
      iacType: values.iacType,
      vcsInfo: vcsToWire(values.target),
      ...(splitList(values.varFiles).length ? { iacConfig: { varFiles: splitList(values.varFiles) } } : {}),
    },
    substituteParameters: values.parameters.map((parameter) => ({
      key: parameter.key,
      ...(parameter.description ? { description: parameter.description } : {}),
      valueConditions: parameter.conditions.flatMap((condition) => (condition.operator ? [conditionToWire(condition.operator, condition.value)] : [])),
    })),
    skipPlanOnStackInitialization: values.skipPlanOnStackInitialization,
    autoApproveApplyOnInitialization: values.autoApproveApplyOnInitialization,
  };
}

