import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ATTACHMENT_DEFAULT_MAX_BYTES } from '@teamboard/contract';
import { z } from 'zod';
import type { ObjectStorageConfig } from './lib/s3-storage.js';

/** Thrown when the environment cannot run the server; the message names the variable. */
export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Set: every instance shares its real-time board rooms and its limit counts through this Redis. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of the Redis channels and limit keys, so two deployments (or test runs) can share one Redis. */
  REDIS_CHANNEL_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only')
    .default('teamboard'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('TeamBoard <no-reply@teamboard.local>'),
  APP_URL: z.url().optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /**
   * Messages per second one user may send over all their sockets (the burst is three seconds' worth);
   * each socket alone may send 5 (docs/realtime.md). Raised only by the real-time benchmark, whose
   * hundreds of sockets share one account.
   */
  SOCKET_USER_MESSAGES_PER_SECOND: z.coerce.number().int().positive().default(20),
  /** Benchmarks only: serve /api/bench/ceiling (docs/performance.md). */
  BENCH_CEILING: z.enum(['0', '1']).default('0'),
  /** Largest attachment accepted, in bytes (25 MB by default). */
  ATTACHMENT_MAX_BYTES: z.coerce.number().int().positive().default(ATTACHMENT_DEFAULT_MAX_BYTES),
  /** Storage each user's attachments may take in all, in megabytes (500 by default). */
  UPLOAD_QUOTA_MB: z.coerce.number().positive().default(500),
  /** Abuse reports (one per user) that hide a published lesson until an admin reviews it. */
  LESSON_ABUSE_THRESHOLD: z.coerce.number().int().positive().default(3),
  ASSISTANT_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  ASSISTANT_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  ASSISTANT_QUESTIONS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /**
   * Hosts outgoing calls may reach although they resolve to loopback, private or link-local
   * addresses (a campus GitLab): comma-separated host names or IP literals (docs/security.md).
   */
  OUTBOUND_ALLOWED_HOSTS: z.string().optional(),
  /** Folders (comma-separated, absolute) whose git repositories a project may link by path. */
  CODE_HOSTING_LOCAL_ROOTS: z.string().optional(),
  /** A GitHub OAuth app: owners link a repository by consenting instead of pasting a token. */
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  /** GitHub's web address (GitHub Enterprise: your server), where OAuth consent happens. */
  GITHUB_OAUTH_URL: z.url().default('https://github.com'),
  /** Sign-in with OpenID Connect (docs/configuration.md): on when the client id and secret are set. */
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).max(60).default('Google'),
  /** How often the job worker looks for due work, in ms; 0 runs jobs only when told (tests). */
  JOBS_POLL_MS: z.coerce.number().int().min(0).default(1000),
  /** /metrics (docs/observability.md): served on the app's port to callers sending this Bearer token. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** /metrics on its own internal listener (METRICS_HOST defaults to 127.0.0.1). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Object storage (docs/object-storage.md): on when S3_BUCKET is set; files on local disk otherwise. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, '3 to 63 lowercase letters, digits, dots and hyphens')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  S3_PRESIGNED_DOWNLOADS: z.enum(['0', '1']).default('1'),
});

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  redisChannelPrefix: string;
  smtpUrl: string | null;
  outboxDir: string;
  filesDir: string;
  mailFrom: string;
  appUrl: string;
  secretKey: string;
  /** false, true, or a comma-separated list of proxy addresses/CIDRs to trust. */
  trustProxy: boolean | string;
  logLevel: (typeof LOG_LEVELS)[number];
  webDistDir: string;
  attachmentMaxBytes: number;
  /** Total bytes of attachments one user may have uploaded (UPLOAD_QUOTA_MB). */
  uploadQuotaBytes: number;
  socketUserMessagesPerSecond: number;
  /** The benchmark's ceiling route is served (BENCH_CEILING=1). */
  hasBenchCeiling: boolean;
  lessonAbuseThreshold: number;
  /** A model slot with no text by then, or silent that long, falls back to an offline engine. */
  assistantTimeouts: { firstTokenMs: number; idleMs: number };
  /** Questions one person may ask the assistant per minute. */
  assistantQuestionsPerMinute: number;
  outboundAllowedHosts: string[];
  codeHostingLocalRoots: string[];
  githubOauth: { clientId: string; clientSecret: string; url: string } | null;
  /** Sign-in with OpenID Connect, or null when OIDC_CLIENT_ID / OIDC_CLIENT_SECRET are not set. */
  oidc: { issuer: string; clientId: string; clientSecret: string; providerName: string } | null;
  jobsPollMs: number;
  /** Prometheus /metrics: exposed when a token or an internal listener is set, never otherwise. */
  metrics: { token: string | null; listener: { host: string; port: number } | null };
  /** The S3_* settings, or null to keep files on local disk (filesDir). */
  objectStorage: ObjectStorageConfig | null;
}

type Env = Record<string, string | undefined>;

/** Reads and validates the environment. Tests pass their own env objects. */
export function loadConfig(env: Env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${String(issue?.path[0])}: ${issue?.message}`);
  }
  const vars = parsed.data;
  if (vars.NODE_ENV === 'production') requireInProduction(vars, ['APP_URL', 'SECRET_KEY']);

  const dataDir = path.resolve(cwd, vars.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    database: vars.DATABASE_URL
      ? { dialect: 'postgres', url: vars.DATABASE_URL }
      : { dialect: 'sqlite', file: path.join(dataDir, 'teamboard.sqlite') },
    redisUrl: vars.REDIS_URL ?? null,
    redisChannelPrefix: vars.REDIS_CHANNEL_PREFIX,
    smtpUrl: vars.SMTP_URL ?? null,
    outboxDir: path.join(dataDir, 'outbox'),
    filesDir: path.join(dataDir, 'files'),
    mailFrom: vars.MAIL_FROM,
    appUrl: (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    secretKey: vars.SECRET_KEY ?? readOrCreateSecretKey(dataDir),
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    logLevel: vars.LOG_LEVEL,
    webDistDir: vars.WEB_DIST_DIR ? path.resolve(cwd, vars.WEB_DIST_DIR) : defaultWebDistDir(),
    attachmentMaxBytes: vars.ATTACHMENT_MAX_BYTES,
    uploadQuotaBytes: Math.floor(vars.UPLOAD_QUOTA_MB * 1024 * 1024),
    socketUserMessagesPerSecond: vars.SOCKET_USER_MESSAGES_PER_SECOND,
    hasBenchCeiling: vars.BENCH_CEILING === '1',
    lessonAbuseThreshold: vars.LESSON_ABUSE_THRESHOLD,
    assistantTimeouts: {
      firstTokenMs: vars.ASSISTANT_FIRST_TOKEN_TIMEOUT_MS,
      idleMs: vars.ASSISTANT_IDLE_TIMEOUT_MS,
    },
    assistantQuestionsPerMinute: vars.ASSISTANT_QUESTIONS_PER_MINUTE,
    outboundAllowedHosts: commaList(vars.OUTBOUND_ALLOWED_HOSTS).map((host) => host.toLowerCase()),
    codeHostingLocalRoots: commaList(vars.CODE_HOSTING_LOCAL_ROOTS).map((root) => path.resolve(cwd, root)),
    githubOauth:
      vars.GITHUB_CLIENT_ID && vars.GITHUB_CLIENT_SECRET
        ? {
            clientId: vars.GITHUB_CLIENT_ID,
            clientSecret: vars.GITHUB_CLIENT_SECRET,
            url: vars.GITHUB_OAUTH_URL.replace(/\/+$/, ''),
          }
        : null,
    oidc:
      vars.OIDC_CLIENT_ID && vars.OIDC_CLIENT_SECRET
        ? {
            issuer: oidcIssuer(vars.OIDC_ISSUER),
            clientId: vars.OIDC_CLIENT_ID,
            clientSecret: vars.OIDC_CLIENT_SECRET,
            providerName: vars.OIDC_PROVIDER_NAME.trim(),
          }
        : null,
    jobsPollMs: vars.JOBS_POLL_MS,
    metrics: {
      token: vars.METRICS_TOKEN ?? null,
      listener: vars.METRICS_PORT === undefined ? null : { host: vars.METRICS_HOST, port: vars.METRICS_PORT },
    },
    objectStorage: objectStorageConfig(vars),
  };
}

/** A bucket needs both keys; the endpoint is left out for AWS itself. */
function objectStorageConfig(vars: z.infer<typeof EnvSchema>): ObjectStorageConfig | null {
  if (!vars.S3_BUCKET) return null;
  if (!vars.S3_ACCESS_KEY_ID || !vars.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set.');
  }
  return {
    endpoint: vars.S3_ENDPOINT ?? null,
    bucket: vars.S3_BUCKET,
    region: vars.S3_REGION,
    accessKeyId: vars.S3_ACCESS_KEY_ID,
    secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE === '1',
    presignedDownloads: vars.S3_PRESIGNED_DOWNLOADS === '1',
  };
}

/** Every variable loadConfig reads: the deployment recipe's test checks compose.yaml against them. */
export function configVariableNames(): string[] {
  return Object.keys(EnvSchema.shape);
}

/** The create-admin command may take its password from the environment instead of argv. */
export function adminPasswordFrom(env: Env): string | undefined {
  return env.ADMIN_PASSWORD || undefined;
}

/**
 * The issuer exactly as given (it must equal the provider's `iss`, trailing slash included); plain
 * http only for a loopback issuer (tests, a local SSO).
 */
function oidcIssuer(value: string): string {
  const url = new URL(value);
  const isLoopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback)) {
    throw new ConfigError(
      'Invalid environment variable OIDC_ISSUER: must be https:// (http:// only on loopback)',
    );
  }
  return value;
}

function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function withoutEmptyValues(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
}

function requireInProduction(vars: z.infer<typeof EnvSchema>, names: ('APP_URL' | 'SECRET_KEY')[]): void {
  for (const name of names) {
    if (!vars[name]) {
      throw new ConfigError(
        `${name} must be set when NODE_ENV=production (refusing to start with an unsafe default).`,
      );
    }
  }
}

/** Zero-config start: a random key generated once and kept beside the data, readable by us only. */
function readOrCreateSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** apps/web/dist, seen from both src/config.ts and the bundled dist/main.js (both two levels deep). */
function defaultWebDistDir(): string {
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}
