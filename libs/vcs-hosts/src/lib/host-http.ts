import { VcsHostError } from './vcs-host';

export interface HostRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  /** JSON, or a form (URLSearchParams: urlencoded; FormData: multipart). */
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export interface HostResponse<T> {
  body: T;
  headers: Headers;
}

export interface HostHttpOptions {
  /** The host's name for messages ('GitHub'). */
  hostName: string;
  /** Pulls the host's own error text out of its error body. */
  errorMessage: (body: unknown) => string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const defaultTimeoutMs = 30_000;

/**
 * JSON over HTTPS to a git host, with that host's failures mapped to one error type: 401 is
 * authentication, 403/429 with an exhausted rate limit is rate-limited (with the seconds to wait,
 * from Retry-After or the reset time), other 403 forbidden, 404 not found.
 */
export function createHostHttp(options: HostHttpOptions) {
  const doFetch = options.fetch ?? fetch;
  return async function request<T>(req: HostRequest): Promise<HostResponse<T>> {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? defaultTimeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const form = req.body instanceof URLSearchParams || req.body instanceof FormData;
    let response: Response;
    try {
      response = await doFetch(req.url, {
        method: req.method ?? 'GET',
        headers: {
          Accept: 'application/json',
          ...(req.body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
          ...req.headers,
        },
        // A form (Bitbucket's file APIs) goes as the host wants it: fetch sets its content type.
        body: req.body === undefined ? undefined : form ? (req.body as URLSearchParams | FormData) : JSON.stringify(req.body),
        signal,
        redirect: 'error',
      });
    } catch (error) {
      if (req.signal?.aborted) throw new VcsHostError('failed', `The request to ${options.hostName} was canceled`);
      if (timeout.aborted) throw new VcsHostError('unreachable', `${options.hostName} did not answer in time`);
      throw new VcsHostError('unreachable', `${options.hostName} could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text();
    let body: unknown = undefined;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    if (response.ok && response.status !== 203) {
      if (text.length > 0 && body === undefined) {
        throw new VcsHostError('invalid-response', `${options.hostName} answered something that is not JSON`);
      }
      return { body: body as T, headers: response.headers };
    }
    const said = options.errorMessage(body);
    const because = said ? `: ${said}` : '';
    const retryAfterSeconds = retryAfter(response.headers);
    switch (response.status) {
      // Azure DevOps answers a refused personal access token with 203 and its sign-in page.
      case 203:
      case 401:
        throw new VcsHostError('authentication', `${options.hostName} refused the credentials${because}`, { status: response.status });
      case 403:
      case 429:
        if (response.status === 429 || retryAfterSeconds !== undefined) {
          throw new VcsHostError('rate-limited', `${options.hostName} limits the rate of requests; try again in ${retryAfterSeconds ?? 60} seconds`, {
            status: response.status,
            retryAfterSeconds: retryAfterSeconds ?? 60,
          });
        }
        throw new VcsHostError('forbidden', `${options.hostName} does not allow this with these credentials${because}`, { status: 403 });
      case 404:
        throw new VcsHostError('not-found', `${options.hostName} found nothing there${because}`, { status: 404 });
      default:
        throw new VcsHostError('failed', `${options.hostName} answered ${response.status}${because}`, { status: response.status });
    }
  };
}

/**
 * Seconds to wait before the next request, when the host says: Retry-After, or an exhausted
 * remaining count with its reset time (GitHub `x-ratelimit-*`, GitLab `ratelimit-*`).
 */
function retryAfter(headers: Headers): number | undefined {
  const explicit = headers.get('retry-after');
  if (explicit !== null && /^\d+$/.test(explicit.trim())) return Number.parseInt(explicit, 10);
  const remaining = headers.get('x-ratelimit-remaining') ?? headers.get('ratelimit-remaining');
  const reset = headers.get('x-ratelimit-reset') ?? headers.get('ratelimit-reset');
  if (remaining === '0' && reset !== null && /^\d+$/.test(reset)) {
    return Math.max(1, Number.parseInt(reset, 10) - Math.floor(Date.now() / 1000));
  }
  return undefined;
}

/** The URL of rel="next" in an RFC 8288 Link header (GitHub, GitLab), if any. */
export function nextLink(headers: Headers): string | undefined {
  const link = headers.get('link');
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const [, url, rel] = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim()) ?? [];
    if (rel === 'next' && url) return url;
  }
  return undefined;
}

/** The page after this one must stay on the host the client was configured for. */
export function sameOrigin(next: string, base: string): string {
  const url = new URL(next, base);
  if (url.origin !== new URL(base).origin) {
    throw new VcsHostError('invalid-response', 'The host sent a next page on another host');
  }
  return url.toString();
}

/** Trims the trailing slash of a configured base URL and refuses what is not http(s). */
export function baseUrl(value: string, hostName: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new VcsHostError('invalid-input', `The ${hostName} address is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new VcsHostError('invalid-input', `The ${hostName} address must start with https://`);
  }
  if (url.username || url.password) {
    throw new VcsHostError('invalid-input', `The ${hostName} address must not carry credentials`);
  }
  return url.toString().replace(/\/+$/, '');
}

/** Follows pages until there is none, with a ceiling so a host that loops cannot hold us forever. */
export async function collectPages<T>(first: string, fetchPage: (url: string) => Promise<{ items: T[]; next?: string | undefined }>, maxPages = 1000): Promise<T[]> {
  const items: T[] = [];
  let url: string | undefined = first;
  for (let page = 0; url !== undefined; page++) {
    if (page >= maxPages) throw new VcsHostError('invalid-response', 'The host kept sending more pages');
    const result = await fetchPage(url);
    items.push(...result.items);
    url = result.next;
  }
  return items;
}

/** A comment id the client stored, checked before it goes into a URL path. */
export function numericId(id: string): string {
  if (!/^\d{1,20}$/.test(id)) throw new VcsHostError('invalid-input', `'${id}' is not a comment id`);
  return id;
}
