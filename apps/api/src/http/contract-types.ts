import type { components, operations } from '@terrace/api-client';

/** Schemas of the description, as generated into @terrace/api-client (never edited by hand). */
export type Schemas = components['schemas'];

/** The validated query of an operation (defaults applied by the request validator). */
export type QueryOf<Id extends keyof operations> = operations[Id] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
