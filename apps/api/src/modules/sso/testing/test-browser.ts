interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
}

/**
 * A minimal browser for the sign-in flows: keeps cookies per host and path (the identity
 * providers' interaction cookies), follows redirects one hop at a time so the test sees where
 * each one goes, and submits forms.
 */
export class TestBrowser {
  readonly #cookies: StoredCookie[] = [];

  #store(url: URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = val || '/';
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && new Date(val).getTime() < Date.now()) expired = true;
      }
      const index = this.#cookies.findIndex((c) => c.name === name && c.host === url.host && c.path === path);
      if (index >= 0) this.#cookies.splice(index, 1);
      if (!expired) this.#cookies.push({ name, value, host: url.host, path });
    }
  }

  /** The cookie this browser would send to `url` under `name` (undefined when none). */
  cookie(url: string, name: string): string | undefined {
    return this.#cookieHeader(new URL(url))
      ?.split('; ')
      .find((pair) => pair.startsWith(`${name}=`))
      ?.slice(name.length + 1);
  }

  #cookieHeader(url: URL): string | undefined {
    const matching = this.#cookies.filter(
      (c) => c.host === url.host && (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
    );
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  /** One request (a form post, or a JSON post as the console's fetch makes), no redirect followed. */
  async request(url: string, init: { method?: string; form?: Record<string, string>; json?: unknown } = {}): Promise<Response> {
    const target = new URL(url);
    const cookie = this.#cookieHeader(target);
    const body = init.form ? new URLSearchParams(init.form).toString() : init.json !== undefined ? JSON.stringify(init.json) : undefined;
    const response = await fetch(target, {
      method: init.method ?? (body !== undefined ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body } : {}),
    });
    this.#store(target, response);
    return response;
  }

  /**
   * Follows redirects from `url` until a response that is not a redirect, or until the next hop
   * satisfies `stopAt` (answered without requesting it). Returns the last URL and response.
   */
  async follow(
    url: string,
    stopAt: (next: URL) => boolean,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<{ url: URL; response: Response | undefined; hops: URL[] }> {
    let current = new URL(url);
    let response = await this.request(current.href, init);
    const hops = [current];
    for (let i = 0; i < 20; i += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response, hops };
      current = new URL(location, current);
      hops.push(current);
      if (stopAt(current)) return { url: current, response: undefined, hops };
      response = await this.request(current.href);
    }
    throw new Error(`Too many redirects from ${url}`);
  }
}

/** The first form of an HTML page: its absolute action and its fields (hidden inputs with values). */
export function readForm(html: string, base: URL): { action: URL; fields: Record<string, string> } {
  const form = /<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`No form in page:\n${html.slice(0, 500)}`);
  const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x2F;/g, '/').replace(/&#x3D;/g, '=').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  const fields: Record<string, string> = {};
  for (const input of (form[2] ?? '').matchAll(/<input\b[^>]*>/gi)) {
    const name = /\bname="([^"]*)"/.exec(input[0])?.[1];
    const value = /\bvalue="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields[name] = decode(value ?? '');
  }
  return { action: new URL(decode(form[1] ?? ''), base), fields };
}
