import { describe, expectTypeOf, it } from 'vitest';
import type { FieldArray, FieldArrayPath, FieldPath, FieldPathValue } from './types';

interface Values {
  name: string;
  approval: { teams: string[]; ruleType: 'any' | 'all' };
  parameters: { key: string; conditions: { operator: string }[] }[];
  note?: { text: string } | null;
}

// Checked by the typecheck target (tsc over the tests): a wrong path type fails it.
describe('form engine types', () => {
  it('names every path, list rows by number', () => {
    expectTypeOf<FieldPath<Values>>().toEqualTypeOf<
      | 'name'
      | 'approval'
      | 'approval.teams'
      | `approval.teams.${number}`
      | 'approval.ruleType'
      | 'parameters'
      | `parameters.${number}`
      | `parameters.${number}.key`
      | `parameters.${number}.conditions`
      | `parameters.${number}.conditions.${number}`
      | `parameters.${number}.conditions.${number}.operator`
      | 'note'
      | 'note.text'
    >();
  });

  it('names the lists and types the value at a path', () => {
    expectTypeOf<FieldArrayPath<Values>>().toEqualTypeOf<'approval.teams' | 'parameters' | `parameters.${number}.conditions`>();
    expectTypeOf<FieldPathValue<Values, `parameters.${number}.conditions.${number}.operator`>>().toEqualTypeOf<string>();
    expectTypeOf<FieldPathValue<Values, 'approval.ruleType'>>().toEqualTypeOf<'any' | 'all'>();
    expectTypeOf<FieldArray<Values, `parameters.${number}.conditions`>>().toEqualTypeOf<{ operator: string }>();
  });
});
