// The few cookies the API sets (the single sign-on browser binding) need no plugin: these read
// the Cookie header and write one Set-Cookie value (RFC 6265).

/** The cookies of a request by name; a name sent twice keeps its first value, as browsers order the most specific path first. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (name && !Object.hasOwn(cookies, name)) cookies[name] = value;
  }
  return cookies;
}

export interface CookieOptions {
  path: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
  sameSite: 'Lax' | 'Strict' | 'None';
}

const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** One HttpOnly Set-Cookie value; name and value must be cookie tokens (no encoding is applied). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!token.test(name) || (value !== '' && !token.test(value))) throw new Error(`Cookie ${name} has a name or value that needs encoding`);
  const attributes = [`${name}=${value}`, `Path=${options.path}`, `Max-Age=${options.maxAge}`, 'HttpOnly', `SameSite=${options.sameSite}`];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}
