import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { VcsHostEndpoints } from '@terrace/vcs-hosts';
import { z } from 'zod';
import type { AzureMarketplaceSettings } from '../modules/accounts/azure-marketplace';
import type { GuessingLimits } from '../modules/accounts/guessing';
import { findWorkspaceRoot } from './workspace-root';

const port = z.coerce.number().int().min(1).max(65_535);
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** Environment variables the server reads, with their defaults (documented in apps/api/README.md). */
const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  API_ROOT_PORT: port.optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  DATA_DIR: z.string().min(1).optional(),
  TERRACE_MASTER_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'must be 32 bytes as 64 hex digits or base64')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(1024 * 1024),
  STATE_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(64 * 1024 * 1024),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  SIGN_IN_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  SIGN_IN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  MFA_FAILURES_PER_SIGN_IN: z.coerce.number().int().min(1).default(5),
  MFA_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  MAIL_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(60),
  MAILS_PER_RECIPIENT: z.coerce.number().int().min(1).default(5),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  TRUST_PROXY: flag.default(false),
  MANAGED_RUNNER: flag.default(true),
  MANAGED_RUNNER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PUBLIC_URL: z.url().optional(),
  CONSOLE_DIST: z.string().min(1).optional(),
  API_REFERENCE_FILE: z.string().min(1).optional(),
  DOCS_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Terrace <no-reply@localhost>'),
  DOCS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  AZURE_MARKETPLACE_TENANT_ID: z.string().min(1).optional(),
  AZURE_MARKETPLACE_CLIENT_ID: z.string().min(1).optional(),
  AZURE_MARKETPLACE_CLIENT_SECRET: z.string().min(1).optional(),
  AZURE_MARKETPLACE_LOGIN_URL: z.url().default('https://login.microsoftonline.com'),
  AZURE_MARKETPLACE_API_URL: z.url().default('https://marketplaceapi.microsoft.com'),
  VCS_ENDPOINTS: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .object({
          githubApi: z.url(),
          gitlab: z.url(),
          bitbucketCloudApi: z.url(),
          azureDevops: z.url(),
          azureDevopsAccounts: z.url(),
        })
        .partial()
        .strict(),
    )
    .optional(),
  GIT_WORK_DIR: z.string().min(1).optional(),
});

export interface Config {
  host: string;
  port: number;
  apiRootPort: number | undefined;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  dataDir: string;
  masterKey: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  bodyLimitBytes: number;
  /** The largest state file Terraform's HTTP backend may send. */
  stateBodyLimitBytes: number;
  /** PEM certificate (chain) and key files: with them every listener serves HTTPS itself. */
  tls: { certFile: string; keyFile: string } | undefined;
  rateLimit: { max: number; windowMs: number };
  /** Counted limits on guessing passwords and MFA codes, and on mail per address (PostgreSQL-backed). */
  guessing: GuessingLimits;
  sessionTtlHours: number;
  trustProxy: boolean;
  publicUrl: string;
  consoleDist: string;
  apiReferenceFile: string;
  openapiPath: string;
  migrationsDir: string;
  docs: { jwtSecret: string | undefined; tokenTtlSeconds: number };
  mail: { smtpUrl: string | undefined; from: string };
  /** Unset: Azure Marketplace registration answers that it is not available. */
  azureMarketplace: AzureMarketplaceSettings | undefined;
  /** The hosted git services' API addresses (public ones unless overridden) and git's scratch directory. */
  vcs: { endpoints: Partial<VcsHostEndpoints>; gitWorkRoot: string };
  /** The runner inside the server (group CM_DEFAULT_RUNNER_GROUP): on unless MANAGED_RUNNER=false. */
  managedRunner: { enabled: boolean; concurrency: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration once, at start. Nothing reads the environment later. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (a common result of `VAR=` in compose files and shells).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  if (e.API_ROOT_PORT !== undefined && e.API_ROOT_PORT === e.PORT) {
    throw new ConfigError(['API_ROOT_PORT: must differ from PORT']);
  }
  if ((e.TLS_CERT_FILE === undefined) !== (e.TLS_KEY_FILE === undefined)) {
    throw new ConfigError(['TLS_CERT_FILE, TLS_KEY_FILE: set both or neither']);
  }
  const azure = [e.AZURE_MARKETPLACE_TENANT_ID, e.AZURE_MARKETPLACE_CLIENT_ID, e.AZURE_MARKETPLACE_CLIENT_SECRET];
  if (azure.some((v) => v !== undefined) && !azure.every((v) => v !== undefined)) {
    throw new ConfigError([
      'AZURE_MARKETPLACE_TENANT_ID, AZURE_MARKETPLACE_CLIENT_ID, AZURE_MARKETPLACE_CLIENT_SECRET: set all three or none',
    ]);
  }
  const root = findWorkspaceRoot();
  return {
    host: e.HOST,
    port: e.PORT,
    apiRootPort: e.API_ROOT_PORT,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    dataDir: resolve(root, e.DATA_DIR ?? '.data'),
    masterKey: e.TERRACE_MASTER_KEY,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    stateBodyLimitBytes: e.STATE_BODY_LIMIT_BYTES,
    tls: e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: resolve(root, e.TLS_CERT_FILE), keyFile: resolve(root, e.TLS_KEY_FILE) } : undefined,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    guessing: {
      windowMs: e.SIGN_IN_LIMIT_WINDOW_MINUTES * 60_000,
      signInFailuresPerAccount: e.SIGN_IN_FAILURES_PER_ACCOUNT,
      signInFailuresPerAddress: e.SIGN_IN_FAILURES_PER_ADDRESS,
      mfaFailuresPerSignIn: e.MFA_FAILURES_PER_SIGN_IN,
      mfaFailuresPerAccount: e.MFA_FAILURES_PER_ACCOUNT,
      mailWindowMs: e.MAIL_LIMIT_WINDOW_MINUTES * 60_000,
      mailsPerRecipient: e.MAILS_PER_RECIPIENT,
    },
    sessionTtlHours: e.SESSION_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    managedRunner: { enabled: e.MANAGED_RUNNER, concurrency: e.MANAGED_RUNNER_CONCURRENCY },
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    consoleDist: resolve(root, e.CONSOLE_DIST ?? 'dist/apps/console'),
    apiReferenceFile: resolve(root, e.API_REFERENCE_FILE ?? 'dist/openapi/api-reference.html'),
    openapiPath: join(root, 'openapi/dist/openapi.json'),
    migrationsDir: join(root, 'apps/api/migrations'),
    docs: { jwtSecret: e.DOCS_JWT_SECRET, tokenTtlSeconds: e.DOCS_TOKEN_TTL_SECONDS },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    azureMarketplace:
      e.AZURE_MARKETPLACE_TENANT_ID && e.AZURE_MARKETPLACE_CLIENT_ID && e.AZURE_MARKETPLACE_CLIENT_SECRET
        ? {
            tenantId: e.AZURE_MARKETPLACE_TENANT_ID,
            clientId: e.AZURE_MARKETPLACE_CLIENT_ID,
            clientSecret: e.AZURE_MARKETPLACE_CLIENT_SECRET,
            loginUrl: e.AZURE_MARKETPLACE_LOGIN_URL,
            apiUrl: e.AZURE_MARKETPLACE_API_URL,
          }
        : undefined,
    vcs: { endpoints: e.VCS_ENDPOINTS ?? {}, gitWorkRoot: resolve(root, e.GIT_WORK_DIR ?? join(tmpdir(), 'terrace-git')) },
  };
}
