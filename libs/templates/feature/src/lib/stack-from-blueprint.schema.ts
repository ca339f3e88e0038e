import { zStackFromBlueprintInput } from '@terrace/api-client/schemas';
import { domainRule } from '@terrace/design-system';
import { validateDefaultAgainstCondition } from '@terrace/domain';
import type { Blueprint } from '@terrace/templates/data-access';
import { z } from 'zod/mini';

// The checks of a stack's parameters, in a module of their own: the form loads them (and zod) at
// the user's first press or key (lazySchema, stack-from-blueprint-page.tsx).

/** The parameters form: every substitute parameter is required and must meet its value conditions. */
export function blueprintParametersSchema(blueprint: Blueprint) {
  const parameters = Object.fromEntries(
    (blueprint.substituteParameters ?? []).map((parameter) => [
      parameter.key,
      z.string().check(
        z.trim(),
        z.minLength(1),
        domainRule((value: string) => {
          for (const condition of parameter.valueConditions ?? []) {
            const problem = validateDefaultAgainstCondition(value, { operator: condition.operator, value: condition.value });
            if (problem) return problem;
          }
          return undefined;
        }),
      ),
    ]),
  );
  return z.object({ namespaceId: zStackFromBlueprintInput.shape.namespaceId, parameters: z.object(parameters) });
}
