import type { ApiClient, components } from '@terrace/api-client';
import type { Client } from 'openapi-fetch';

/**
 * Calls the console needs whose paths are not in openapi/domains yet (teams, custom roles, ABAC,
 * programmatic users, namespace permissions, profile, MFA...). They follow the shapes of
 * spec/api-evidence.md and the wire format of the contract, written here in the form
 * openapi-typescript generates, so the same configured client (token, time-out, error
 * catalogue) serves them and the adapters read like the typed ones. When a path lands in the
 * contract, its entry here is deleted and the adapter switches to the generated `paths`.
 */
export interface Envelope<T> {
  request: components['schemas']['RequestInfo'];
  response: {
    items: T[];
    errors: components['schemas']['ErrorItem'][];
    paging?: components['schemas']['Paging'];
  };
}

type PathPart<P> = [P] extends [never] ? { path?: never } : { path: P };

/** An operation without a request body. */
export type DesignedRead<Item, Query = never, PathParams = never> = {
  parameters: { query?: Query; header?: never; cookie?: never } & PathPart<PathParams>;
  requestBody?: never;
  responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': Envelope<Item> } } };
};

/** An operation whose body is the wire format's `{ entity }`. */
export type DesignedWrite<Entity, Item, PathParams = never> = {
  parameters: { query?: never; header?: never; cookie?: never } & PathPart<PathParams>;
  requestBody: { content: { 'application/json': { entity: Entity } } };
  responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': Envelope<Item> } } };
};

/** The shared client seen through a designed paths type: the same object, so the same middleware. */
export function designedClient<Paths extends object>(client: ApiClient): Client<Paths> {
  return client as unknown as Client<Paths>;
}

/** The first item of an envelope, for reads and writes of one object. */
export function firstItem<T>(data: Envelope<T> | undefined): T {
  const item = data?.response.items[0];
  if (item === undefined) throw new Error('The server answered without the expected item.');
  return item;
}
