import type { components, operations } from '@terrace/api-client';

/** Schemas of the description, as generated into @terrace/api-client (never edited by hand). */
export type Schemas = components['schemas'];

/** Every operationId of the description: a handler keyed by anything else fails the type check. */
export type OperationId = keyof operations;

type Operation<Id extends OperationId> = operations[Id];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** An absent part (`path?: never`) becomes an empty object, so destructuring it is harmless. */
type Present<T> = [NonNullable<T>] extends [never] ? Record<string, never> : NonNullable<T>;

/** The validated path parameters of an operation. */
export type ParamsOf<Id extends OperationId> = Operation<Id> extends { parameters: { path?: infer P } } ? Present<P> : Record<string, never>;

/**
 * Query parameters the request validator fills in from the description's `default`. Paging
 * (`page`, `pageSize`) has one wherever it appears; the others are listed per operation.
 * `contract-types.test.ts` proves this list equals the defaults the description declares.
 */
export const pagingDefaults = { page: 1, pageSize: 100 } as const;
export const operationQueryDefaults = {
  listAuditEvents: ['daysBack', 'includeExternalInitiator'],
  listRunnerHeartbeats: ['updatedInTheLastHours'],
} as const satisfies { [Id in OperationId]?: readonly string[] };
type OperationQueryDefaults = typeof operationQueryDefaults;
type DefaultedName<Id extends OperationId> =
  | keyof typeof pagingDefaults
  | (Id extends keyof OperationQueryDefaults ? OperationQueryDefaults[Id][number] : never);
type RawQuery<Id extends OperationId> = Operation<Id> extends { parameters: { query?: infer Q } } ? Present<Q> : Record<string, never>;

/** The validated query of an operation, with the defaults the validator applied present. */
export type QueryOf<Id extends OperationId> = Simplify<
  Omit<RawQuery<Id>, DefaultedName<Id>> & Required<Pick<RawQuery<Id>, Extract<keyof RawQuery<Id>, DefaultedName<Id>>>>
>;

type RequestBody<Id extends OperationId> = Operation<Id> extends { requestBody?: infer B } ? B : undefined;
type BodyContent<B> = [NonNullable<B>] extends [never]
  ? undefined
  : NonNullable<B> extends { content: infer C }
    ? C[keyof C] | (undefined extends B ? undefined : never)
    : undefined;

/** The validated body as sent: `{entity}` for JSON operations, the fields for a form post. */
export type BodyOf<Id extends OperationId> = BodyContent<RequestBody<Id>>;

/** `body.entity`, validated against the operation's entity schema (undefined when the operation has none). */
export type EntityOf<Id extends OperationId> = BodyOf<Id> extends infer B ? (B extends { entity: infer E } ? E : undefined) : never;

type SuccessContent<Id extends OperationId> = Operation<Id> extends { responses: { 200: { content: { 'application/json': infer C } } } } ? C : never;

/** One item of the operation's success envelope (`response.items[]`); never for redirect-only operations. */
export type ItemOf<Id extends OperationId> = SuccessContent<Id> extends { response: { items: (infer I)[] } } ? I : never;
