import { describe, expect, expectTypeOf, it } from 'vitest';
import { operations } from '../testing/contract';
import { operationQueryDefaults, pagingDefaults, type EntityOf, type ItemOf, type ParamsOf, type QueryOf, type Schemas } from './contract-types';
import { defineOperations, single, userOperation } from './operation-registry';

describe('handler types from the contract', () => {
  it('lists exactly the query defaults the description declares', () => {
    const declared: Record<string, string[]> = {};
    for (const op of operations) {
      for (const p of op.parameters) {
        if (p.in !== 'query' || p.schema['default'] === undefined) continue;
        if (p.name in pagingDefaults) {
          expect(p.schema['default'], `${op.operationId} ${p.name}`).toBe(pagingDefaults[p.name as keyof typeof pagingDefaults]);
        } else {
          (declared[op.operationId] ??= []).push(p.name);
        }
      }
    }
    const listed = Object.fromEntries(Object.entries(operationQueryDefaults).map(([id, names]) => [id, [...names].sort()]));
    expect(Object.fromEntries(Object.entries(declared).map(([id, names]) => [id, names.sort()]))).toEqual(listed);
  });

  it('types params, query (defaults present), entity and items from the operation', () => {
    expectTypeOf<ParamsOf<'getNamespace'>>().toEqualTypeOf<{ namespaceId: string }>();
    expectTypeOf<QueryOf<'listNamespaces'>['page']>().toEqualTypeOf<number>();
    expectTypeOf<QueryOf<'listNamespaces'>['namespaceName']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<QueryOf<'listRunnerHeartbeats'>['updatedInTheLastHours']>().not.toBeUndefined();
    expectTypeOf<EntityOf<'createNamespace'>>().toEqualTypeOf<Schemas['NamespaceCreateInput']>();
    expectTypeOf<EntityOf<'getNamespace'>>().toEqualTypeOf<undefined>();
    expectTypeOf<ItemOf<'getNamespace'>>().toEqualTypeOf<Schemas['Namespace']>();
  });

  it('refuses, at the type check, an operationId the description lacks and items of the wrong shape', () => {
    const registry = defineOperations({
      // @ts-expect-error a misspelt operationId is not an operation
      listNamespace: userOperation(async () => ({ items: [] })),
      // @ts-expect-error getNamespace answers Namespace items
      getNamespace: userOperation(async () => single({ id: 1 })),
    });
    expect(Object.keys(registry)).toEqual(['listNamespace', 'getNamespace']);
  });
});
