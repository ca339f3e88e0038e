import type { ApiClient } from '@terrace/api-client';
import { firstItem } from '@terrace/session';
import type {
  DiscoveredVariable,
  EffectiveVariable,
  Variable,
  VariableBatch,
  VariableInput,
  VariablePlace,
  VariableScanInput,
  VariableUpdate,
} from './variables.types';

/** The list query that names a place (the contract's filters; the organization's is `orgOnly`). */
function placeQuery(place: VariablePlace) {
  switch (place.scope) {
    case 'organization':
      return { orgOnly: true };
    case 'namespace':
      return { namespaceId: place.scopeId };
    case 'template':
      return { templateId: place.scopeId };
    case 'blueprint':
      return { blueprintId: place.scopeId };
    case 'stack':
      return { stackId: place.scopeId };
  }
}

/**
 * The calls of the variables domain: plain functions on the one configured client, on the
 * contract's generated paths. Reads take the query's abort `signal`.
 */
export const variablesRequests = {
  /** A place's own variables, then those it inherits and does not hide (`inheritedFrom`). */
  async list(client: ApiClient, place: VariablePlace, signal?: AbortSignal): Promise<Variable[]> {
    const { data } = await client.GET('/variable', { params: { query: placeQuery(place) }, signal });
    return data?.response.items ?? [];
  },
  /** What the stack runs with: each key once, with the scope it comes from and what it overrides. */
  async effective(client: ApiClient, stackId: string, signal?: AbortSignal): Promise<EffectiveVariable[]> {
    const { data } = await client.GET('/variable/effective/{stackId}', { params: { path: { stackId } }, signal });
    return data?.response.items ?? [];
  },
  async create(client: ApiClient, input: VariableInput): Promise<Variable> {
    const { data } = await client.POST('/variable', { body: { entity: input } });
    return firstItem(data);
  },
  /** Several variables of one place at once (the scan's proposals). */
  async upsertMany(client: ApiClient, batch: VariableBatch): Promise<Variable[]> {
    const { data } = await client.PUT('/variable', { body: { entity: batch } });
    return data?.response.items ?? [];
  },
  /** A partial update: absent fields stay, `null` clears. */
  async update(client: ApiClient, variableId: string, input: VariableUpdate): Promise<Variable> {
    const { data } = await client.PUT('/variable/{variableId}', { params: { path: { variableId } }, body: { entity: input } });
    return firstItem(data);
  },
  async remove(client: ApiClient, variableId: string): Promise<void> {
    await client.DELETE('/variable/{variableId}', { params: { path: { variableId } } });
  },
  /** The value of a sensitive variable: its own permission, recorded in the audit log each time. */
  async secretValue(client: ApiClient, variableId: string): Promise<string> {
    const { data } = await client.GET('/variable/secretValue/{variableId}', { params: { path: { variableId } } });
    return firstItem(data).value;
  },
  /** The variables the code at a repository path declares, with those the place already has marked. */
  async scan(client: ApiClient, input: VariableScanInput, signal?: AbortSignal): Promise<DiscoveredVariable[]> {
    const { data } = await client.POST('/variable/scanFromCode/v2', { body: { entity: input }, signal });
    return data?.response.items ?? [];
  },
};
