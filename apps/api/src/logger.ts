import pino, { type Logger } from 'pino';

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

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: redactedPaths, censor: '[redacted]' } });
}
