import type { ErrorItem } from './error-mapping';

export interface Paging {
  page: number;
  pageSize: number;
  total: number;
}

export interface Envelope {
  request: { id: string };
  response: { items: unknown[]; errors: ErrorItem[]; paging?: Paging };
}

export function successEnvelope(requestId: string, items: unknown[], paging?: Paging): Envelope {
  return { request: { id: requestId }, response: { items, errors: [], ...(paging ? { paging } : {}) } };
}

export function errorEnvelope(requestId: string, errors: ErrorItem[]): Envelope {
  return { request: { id: requestId }, response: { items: [], errors } };
}
