import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ATTENDANCE_THRESHOLD, DEFAULT_CORRECTION_DAYS } from '@crs/shared/schemas/attendance';
import { IMPORT_DEFAULT_MAX_ROWS } from '@crs/shared/schemas/import';
import { ROLES } from '@crs/shared/roles';
import type { Role } from '@crs/shared/roles';
import { SETTINGS_BOUNDS } from '@crs/shared/schemas/settings';
import type { S3Settings } from './lib/storage-s3.ts';

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const boolish = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Loopback hosts: an OpenID issuer there may use plain http (tests, local trials). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** An OpenID issuer CRS accepts: https, or http on a loopback address; no query or fragment. */
export function issuerAllowed(issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  CRS_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  CRS_SEED: boolish.optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('CRS <no-reply@crs.local>'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  JWT_SECRET: z
    .string()
    .refine((s) => Buffer.byteLength(s) >= 32, 'must be at least 32 bytes')
    .optional(),
  CRS_REGISTRATION_APPROVAL: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  TRUST_PROXY: boolish.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CRS_WEB_DIST: z.string().optional(),
  CRS_IMPORT_MAX_ROWS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1_000_000).default(IMPORT_DEFAULT_MAX_ROWS),
  CRS_COLLEGE_NAME: z.string().trim().min(2).max(80).default('CRS Institute of Engineering and Technology'),
  CRS_TIMEZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata').default('Asia/Kolkata'),
  CRS_COLLEGE_SHORT_NAME: z.string().trim().min(1).max(20).default('CRS'),
  // The same bounds as Settings (decision 0033), so an initial value is always one Settings accepts.
  CRS_ATTENDANCE_THRESHOLD: z.coerce
    .number({ error: 'must be a whole percentage' })
    .int()
    .min(SETTINGS_BOUNDS.attendanceThreshold.min)
    .max(SETTINGS_BOUNDS.attendanceThreshold.max)
    .default(DEFAULT_ATTENDANCE_THRESHOLD),
  CRS_ATTENDANCE_CORRECTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int()
    .min(SETTINGS_BOUNDS.attendanceCorrectionDays.min)
    .max(SETTINGS_BOUNDS.attendanceCorrectionDays.max)
    .default(DEFAULT_CORRECTION_DAYS),
  // Decision 0031: a college behind one NAT address must fit in the per-address limit.
  RATE_LIMIT_IP: z.coerce.number({ error: 'must be a whole number (0 = off)' }).int().min(0).max(1_000_000_000).default(600),
  RATE_LIMIT_USER: z.coerce.number({ error: 'must be a whole number (0 = off)' }).int().min(0).max(1_000_000_000).default(300),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number({ error: 'must be a whole number of seconds' }).int().min(1).max(3600).default(60),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  CRS_JOBS_POLL_SECONDS: z.coerce.number({ error: 'must be a whole number of seconds' }).int().min(1).max(45).default(5),
  CRS_JOBS_CRON_SECONDS: z.coerce.number({ error: 'must be a whole number of seconds' }).int().min(1).max(45).default(30),
  // Issue 30: the college-local hour (0–23) the daily notification digest goes out.
  CRS_DIGEST_HOUR: z.coerce.number({ error: 'must be an hour from 0 to 23' }).int().min(0).max(23).default(18),
  // Issue 28: one OpenID Connect provider (id `default`) without Settings, for automated deployments.
  OIDC_ISSUER: z
    .url({ error: 'must be an absolute URL' })
    .refine(issuerAllowed, 'must be https:// (http:// only on a loopback address: 127.0.0.0/8, ::1, localhost)')
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).max(300).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(1000).optional(),
  OIDC_LABEL: z.string().trim().min(1).max(60).optional(),
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .transform((s) => s.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean))
    .refine((list) => list.every((d) => DOMAIN.test(d)), 'must be comma-separated domains such as college.edu')
    .optional(),
  OIDC_DEFAULT_ROLE: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).optional(),
  // Decision 0048: after SIGTERM a process answers not-ready but keeps serving this long, so a load balancer moves away first.
  SHUTDOWN_GRACE_SECONDS: z.coerce.number({ error: 'must be a whole number of seconds' }).int().min(0).max(600).default(10),
  // Decision 0048: GET /metrics answers only with this bearer token; unset, there are no metrics (404).
  METRICS_TOKEN: z.string().refine((s) => Buffer.byteLength(s) >= 16, 'must be at least 16 bytes').optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1–64 letters, digits or : _ . -').default('crs'),
  // Issue 29: where uploaded and generated files' bytes live (decision 0049).
  CRS_FILE_STORE: z.enum(['disk', 'postgres', 's3'], { error: 'must be disk, postgres or s3' }).default('disk'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3–63 lower-case letters, digits, . or -)').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as ap-south-1').optional(),
  S3_ENDPOINT: z.url({ error: 'must be an absolute URL such as https://minio.college.edu:9000' }).optional(),
  S3_FORCE_PATH_STYLE: boolish.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(500).optional(),
});

export type Config = {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seed: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /**
   * The signing secret: JWT_SECRET when set; otherwise the runtime replaces this placeholder with
   * the database's shared secret at start (see `sharedJwtSecret`, decision 0048).
   */
  jwtSecret: Uint8Array;
  /**
   * Set when JWT_SECRET is not: the secret comes from the database, shared by every process;
   * `adopt` is an older install's CRS_DATA_DIR/jwt-secret, stored the first time so signed-in
   * users stay signed in.
   */
  sharedJwtSecret: { adopt: Uint8Array | undefined } | undefined;
  /** Initial value of the Settings' registration approval (decision 0033: Settings wins once saved). */
  registrationApproval: boolean;
  trustProxy: boolean;
  logLevel: string;
  webDist: string;
  /** Most data rows one import file may hold; more is refused whole. */
  importMaxRows: number;
  /** Initial value of the Settings' institution name (ID cards, mails, the web shell). */
  collegeName: string;
  /** Initial value of the Settings' short name. */
  collegeShortName: string;
  /** The college's time zone: "today" and "now" for timetables and attendance (issue 14 moves these into settings). */
  timeZone: string;
  /** Initial value of the Settings' attendance threshold: below it is highlighted (default 75). */
  attendanceThreshold: number;
  /** Initial value of the Settings' correction window: days a teacher may still correct a class (default 7). */
  attendanceCorrectionDays: number;
  /**
   * API requests allowed per window per client address and per signed-in user (0 = that limit is
   * off), counted in fixed windows of `windowMs` and shared by every process (decision 0031).
   */
  rateLimit: { ip: number; user: number; windowMs: number };
  /** Redis for the shared rate-limit counters; without it they are kept in the database. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key CRS writes (several deployments may share one Redis). */
  redisKeyPrefix: string;
  /** The bearer token of GET /metrics; undefined: metrics are off (decision 0048). */
  metricsToken: string | undefined;
  /** After SIGTERM: how long the process keeps serving while readiness answers 503 (decision 0048). */
  shutdownGraceMs: number;
  /** How often each process looks for due background jobs (decision 0037). */
  jobsPollSeconds: number;
  /** How often the processes check the cron schedules for a due slot (one process per check). */
  jobsCronSeconds: number;
  /** The college-local hour the daily notification digest is sent (CRS_DIGEST_HOUR, default 18; decision 0050). */
  digestHour: number;
  /** The OpenID Connect provider `default` from OIDC_* variables (issue 28), if they are set. */
  oidc: { issuer: string; clientId: string; clientSecret: string; label: string; allowedDomains: string[]; defaultRole: Role } | undefined;
  /** Which file store holds the bytes of uploaded and generated files (decision 0049). */
  fileStore: FileStoreKind;
  /** The S3-compatible bucket from S3_* variables, when S3_BUCKET is set (the s3 store, files:migrate --to s3). */
  s3: S3Settings | undefined;
};

export type FileStoreKind = 'disk' | 'postgres' | 's3';



export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
/**
 * `persistSecret: false` (tests): without JWT_SECRET the secret is random and this process's own,
 * never read from or stored in the database.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { persistSecret?: boolean } = {}): Config {
  // Empty strings mean "not set" (a blank line in a .env file should not fail validation).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcSet.some(Boolean) && !oidcSet.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three or none');
  }
  const fileStoreProblem = checkFileStore(e);
  if (fileStoreProblem) throw new ConfigError(`Invalid configuration:\n  ${fileStoreProblem}`);
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.CRS_DATA_DIR);
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    env: e.NODE_ENV ?? 'development',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    // Production never seeds demo accounts unless asked to explicitly.
    seed: e.CRS_SEED ?? !production,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : randomBytes(32),
    sharedJwtSecret: e.JWT_SECRET || !(opts.persistSecret ?? true) ? undefined : { adopt: legacySecret(dataDir) },
    registrationApproval: e.CRS_REGISTRATION_APPROVAL === 'on',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.CRS_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    importMaxRows: e.CRS_IMPORT_MAX_ROWS,
    collegeName: e.CRS_COLLEGE_NAME,
    collegeShortName: e.CRS_COLLEGE_SHORT_NAME,
    timeZone: e.CRS_TIMEZONE,
    attendanceThreshold: e.CRS_ATTENDANCE_THRESHOLD,
    attendanceCorrectionDays: e.CRS_ATTENDANCE_CORRECTION_DAYS,
    rateLimit: { ip: e.RATE_LIMIT_IP, user: e.RATE_LIMIT_USER, windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000 },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jobsPollSeconds: e.CRS_JOBS_POLL_SECONDS,
    jobsCronSeconds: e.CRS_JOBS_CRON_SECONDS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    digestHour: e.CRS_DIGEST_HOUR,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            label: e.OIDC_LABEL ?? 'your college account',
            allowedDomains: e.OIDC_ALLOWED_DOMAINS ?? [],
            defaultRole: e.OIDC_DEFAULT_ROLE ?? 'Student',
          }
        : undefined,
    fileStore: e.CRS_FILE_STORE,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
        }
      : undefined,
  };
}

/** Why the file store variables do not fit together, or undefined when they do. */
function checkFileStore(e: z.infer<typeof envSchema>): string | undefined {
  if (e.CRS_FILE_STORE === 'postgres' && !e.DATABASE_URL) {
    return 'CRS_FILE_STORE: postgres keeps the files in a PostgreSQL server shared by every process: set DATABASE_URL too (the embedded database keeps them on disk: CRS_FILE_STORE=disk)';
  }
  if (e.CRS_FILE_STORE === 's3' && !e.S3_BUCKET) return 'CRS_FILE_STORE: s3 needs S3_BUCKET (and S3_REGION, S3_ENDPOINT for a store other than AWS)';
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) return 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither (neither: the AWS SDK default credential chain)';
  return undefined;
}

/**
 * The secret an install before decision 0048 generated into the data directory (mode 0600), if
 * there is one: the database adopts it the first time. A damaged file is refused rather than
 * silently replaced (everyone would be signed out).
 */
function legacySecret(dataDir: string): Uint8Array | undefined {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) return undefined;
  const hex = readFileSync(file, 'utf8').trim();
  if (/^[0-9a-f]{64,}$/.test(hex)) return Buffer.from(hex, 'hex');
  throw new ConfigError(`Invalid configuration:\n  ${file} does not hold a hex secret of at least 32 bytes`);
}
