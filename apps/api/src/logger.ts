import pino, { type Logger, type LoggerOptions } from 'pino';

/** Paths pino blanks in every log line: credentials must never reach the logs. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.passwordHash',
  '*.tokenHash',
  '*.secret',
  '*.mfaSecret',
  '*.masterKey',
  '*.hmacKey',
  '*.botAuthToken',
  'entity.password',
  'entity.token',
];

/** Query parameters that carry credentials (Azure's purchase token, OIDC codes, SAML answers). */
const secretQueryParameters = new Set(['token', 'code', 'state', 'samlresponse', 'samlrequest', 'id_token', 'access_token']);

/** The URL as logged: the values of credential-carrying query parameters are blanked. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return secretQueryParameters.has(decodeURIComponent(name).toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
