import { ApiError, httpMessages, type components } from '@terrace/api-client';

/** The wire format's success envelope (spec/api-evidence.md), as openapi-typescript generates it. */
export interface Envelope<T> {
  request: components['schemas']['RequestInfo'];
  response: {
    items: T[];
    errors: components['schemas']['ErrorItem'][];
    paging?: components['schemas']['Paging'];
  };
}

/**
 * The first item of an envelope, for reads and writes of one object. An answer without it (a read
 * through a list filter that matched nothing) is the catalogue's 'Not Found', shown in the user's
 * language like every API error.
 */
export function firstItem<T>(data: Envelope<T> | undefined): T {
  const item = data?.response.items[0];
  if (item === undefined) {
    throw new ApiError({
      kind: 'http',
      status: 404,
      code: 'not_found',
      message: httpMessages.notFound.message ?? 'Not Found',
      descriptor: httpMessages.notFound,
      requestId: data?.request.id ?? null,
    });
  }
  return item;
}

/** One page of a list and the server's total, for paged tables. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** The page an envelope carries, with the total from its paging (or the items' count without one). */
export function toPage<T>(data: Envelope<T> | undefined): Page<T> {
  const items = data?.response.items ?? [];
  return { items, total: data?.response.paging?.total ?? items.length };
}
