import type { Readable } from 'node:stream';
import type { Actor } from '../permissions/actor';
import type { BodyOf, EntityOf, ItemOf, OperationId, ParamsOf, QueryOf } from './contract-types';
import type { Paging } from './envelope';

/** What a handler receives, typed from the operation's entry in the generated `operations`. */
export interface OperationRequest<Id extends OperationId> {
  requestId: string;
  /** Path parameters, validated against the description. */
  params: ParamsOf<Id>;
  /** Query parameters, validated, coerced and defaulted from the description. */
  query: QueryOf<Id>;
  /** `body.entity`, validated against the operation's entity schema (undefined without a body). */
  entity: EntityOf<Id>;
  /** The validated body as sent, for the operations whose body is a form rather than `{entity}`. */
  body: BodyOf<Id>;
  /** The bearer token as sent, for operations that act on the session itself (sign-out). */
  bearerToken: string | null;
  /** The request's cookies by name (only the single sign-on browser binding uses one). */
  cookies: Record<string, string>;
  ip: string;
  /** The request's headers (lower-case names), for the operations a code host calls (webhook signatures). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The JSON body's bytes exactly as sent, which a webhook's signature covers. */
  rawBody: Buffer | undefined;
  /** Aborted when the client goes away before the answer (a long poll stops waiting for it). */
  signal?: AbortSignal | undefined;
}

/** What a handler answers: the items of the success envelope, typed by the operation's response. */
export interface EnvelopeResult<Id extends OperationId> {
  items: ItemOf<Id>[];
  paging?: Paging;
  /** Answers 303 to this URL instead of the envelope (browser callbacks of single sign-on). */
  redirect?: string;
  /** Set-Cookie values to send with the answer. */
  setCookies?: string[];
}

/**
 * An answer outside the envelope, sent as is: the operations declared with `x-response`
 * (Terraform's protocols), whose clients read their own formats and status codes.
 */
export interface RawAnswer {
  status: number;
  headers?: Record<string, string>;
  /**
   * A Buffer or string is sent byte for byte (set its content-type); an object as JSON; undefined
   * sends no body; a stream is piped as it comes (server-sent events) and destroyed when the client leaves.
   */
  body?: Buffer | string | Record<string, unknown> | Readable;
}

export type OperationResult<Id extends OperationId> = EnvelopeResult<Id> | { raw: RawAnswer };

/**
 * What a Terraform HTTP-backend operation (`x-security: state`) receives: the validated path and
 * query, the body as raw bytes (state is stored byte for byte; an empty or absent body is empty),
 * and the credential Terraform sent (the Basic password, or a bearer token).
 */
export interface StateRequest<Id extends OperationId> {
  requestId: string;
  /** The HTTP method as sent: GET, POST, DELETE, or the WebDAV LOCK / UNLOCK. */
  method: string;
  params: ParamsOf<Id>;
  query: QueryOf<Id>;
  body: Buffer;
  /** The Content-Type header as sent, or null when there was none. */
  contentType: string | null;
  /** The Content-MD5 header as sent (base64), or null. */
  contentMd5: string | null;
  /** The password of Basic credentials, or the bearer token. */
  credential: string;
  ip: string;
}

export type PublicHandler<Id extends OperationId> = (request: OperationRequest<Id>) => Promise<OperationResult<Id>>;
export type UserHandler<Id extends OperationId> = (actor: Actor, request: OperationRequest<Id>) => Promise<OperationResult<Id>>;
export type StateHandler<Id extends OperationId> = (request: StateRequest<Id>) => Promise<RawAnswer>;
/** A handler of the runner protocol (`x-security: runner`): it authenticates the runner's or job's bearer token itself. */
export type RunnerHandler<Id extends OperationId> = (request: OperationRequest<Id>) => Promise<OperationResult<Id>>;

export type OperationDefinition<Id extends OperationId> =
  | { security: 'public'; handle: PublicHandler<Id> }
  | { security: 'user'; handle: UserHandler<Id> }
  | { security: 'runner'; handle: RunnerHandler<Id> }
  | { security: 'state'; handle: StateHandler<Id> };

/** A module's handlers, keyed by operationId: an id the description lacks is a type error. */
export type OperationDefinitions = { [Id in OperationId]?: OperationDefinition<Id> };

/** The type-erased form the server registers (one request shape for every operation). */
export interface ErasedRequest {
  requestId: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  entity: unknown;
  body: unknown;
  bearerToken: string | null;
  cookies: Record<string, string>;
  ip: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  rawBody: Buffer | undefined;
  signal?: AbortSignal | undefined;
}
export type ErasedResult =
  | {
      items: unknown[];
      paging?: Paging;
      redirect?: string;
      setCookies?: string[];
    }
  | { raw: RawAnswer };
export interface ErasedStateRequest {
  requestId: string;
  method: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Buffer;
  contentType: string | null;
  contentMd5: string | null;
  credential: string;
  ip: string;
}
export type ErasedDefinition =
  | { security: 'public'; handle: (request: ErasedRequest) => Promise<ErasedResult> }
  | { security: 'user'; handle: (actor: Actor, request: ErasedRequest) => Promise<ErasedResult> }
  | { security: 'runner'; handle: (request: ErasedRequest) => Promise<ErasedResult> }
  | { security: 'state'; handle: (request: ErasedStateRequest) => Promise<RawAnswer> };

/** operationId → handler. Modules export one; the server merges them and checks them against the description. */
export type OperationRegistry = Partial<Record<OperationId, ErasedDefinition>>;

/**
 * A module's operations: `defineOperations({ listNamespaces: user(async (actor, { query }) => …) })`.
 * Each handler's params, query (defaults applied), entity and result items are typed from the key.
 */
export function defineOperations(definitions: OperationDefinitions): OperationRegistry {
  // The request validator guarantees each request matches its operation's types; the erased
  // registry is what the generic registration loop consumes.
  return definitions as OperationRegistry;
}

/** A handler of an operation declared `x-security: public`. */
export const publicOperation = <Id extends OperationId>(handle: PublicHandler<Id>): OperationDefinition<Id> => ({ security: 'public', handle });
/** A handler of an operation that needs a signed-in actor (its `x-permission` is checked before it runs). */
export const userOperation = <Id extends OperationId>(handle: UserHandler<Id>): OperationDefinition<Id> => ({ security: 'user', handle });

/** A handler of the runner protocol (`x-security: runner`): the runner or job token is checked by the handler. */
export const runnerOperation = <Id extends OperationId>(handle: RunnerHandler<Id>): OperationDefinition<Id> => ({ security: 'runner', handle });

/** A handler of Terraform's HTTP backend (`x-security: state`): it authenticates the credential itself. */
export const stateOperation = <Id extends OperationId>(handle: StateHandler<Id>): OperationDefinition<Id> => ({ security: 'state', handle });

/** An answer outside the envelope (see RawAnswer). */
export const raw = (answer: RawAnswer): { raw: RawAnswer } => ({ raw: answer });

/** A one-item answer. */
export const single = <T>(item: T): { items: T[] } => ({ items: [item] });
/** The page to read for a list the contract does not page: all of it, up to a bound. */
export const wholeList = { page: 1, pageSize: 10_000 } as const;

/** A list answer without paging. */
export const list = <T>(items: T[]): { items: T[] } => ({ items });

export function mergeRegistries(...registries: OperationRegistry[]): OperationRegistry {
  const merged: Record<string, ErasedDefinition> = {};
  for (const registry of registries) {
    for (const [id, definition] of Object.entries(registry)) {
      if (!definition) continue;
      if (merged[id]) throw new Error(`Two handlers for operation '${id}'`);
      merged[id] = definition;
    }
  }
  return merged as OperationRegistry;
}
