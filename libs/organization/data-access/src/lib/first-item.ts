import type { components } from '@terrace/api-client';

/** The wire format's success envelope (spec/api-evidence.md), as openapi-typescript generates it. */
export interface Envelope<T> {
  request: components['schemas']['RequestInfo'];
  response: {
    items: T[];
    errors: components['schemas']['ErrorItem'][];
    paging?: components['schemas']['Paging'];
  };
}

/** The first item of an envelope, for reads and writes of one object. */
export function firstItem<T>(data: Envelope<T> | undefined): T {
  const item = data?.response.items[0];
  if (item === undefined) throw new Error('The server answered without the expected item.');
  return item;
}
