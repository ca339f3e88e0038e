import type { Actor } from '../permissions/actor';
import type { Paging } from './envelope';

export interface OperationRequest {
  requestId: string;
  /** Path parameters, validated against the description. */
  params: Record<string, string>;
  /** Query parameters, validated, coerced and defaulted from the description. */
  query: Record<string, unknown>;
  /** `body.entity`, validated against the operation's entity schema (undefined without a body). */
  entity: unknown;
  /** The validated body as sent, for the operations whose body is a form rather than `{entity}`. */
  body: unknown;
  /** The bearer token as sent, for operations that act on the session itself (sign-out). */
  bearerToken: string | null;
  /** The request's cookies by name (only the single sign-on browser binding uses one). */
  cookies: Record<string, string>;
  ip: string;
}

export interface OperationResult {
  items: unknown[];
  paging?: Paging;
  /** Answers 303 to this URL instead of the envelope (browser callbacks of single sign-on). */
  redirect?: string;
  /** Set-Cookie values to send with the answer. */
  setCookies?: string[];
}

export type PublicHandler = (request: OperationRequest) => Promise<OperationResult>;
export type UserHandler = (actor: Actor, request: OperationRequest) => Promise<OperationResult>;

export type OperationDefinition =
  | { security: 'public'; handle: PublicHandler }
  | { security: 'user'; handle: UserHandler };

/** operationId → handler. Modules export one; the server merges them and checks them against the description. */
export type OperationRegistry = Record<string, OperationDefinition>;

export const publicOperation = (handle: PublicHandler): OperationDefinition => ({ security: 'public', handle });
export const userOperation = (handle: UserHandler): OperationDefinition => ({ security: 'user', handle });

export const single = (item: unknown): OperationResult => ({ items: [item] });

export function mergeRegistries(...registries: OperationRegistry[]): OperationRegistry {
  const merged: OperationRegistry = {};
  for (const registry of registries) {
    for (const [id, definition] of Object.entries(registry)) {
      if (merged[id]) throw new Error(`Two handlers for operation '${id}'`);
      merged[id] = definition;
    }
  }
  return merged;
}
