// Configuration: every bad variable is named; without JWT_SECRET the secret comes from the
// database (decision 0048), adopting an older install's data-dir file.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'crs-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ CRS_DATA_DIR: tempDir(), ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['JWT_SECRET', 'short'],
    ['JWT_SECRET', 'x'.repeat(31)],
    ['DATABASE_URL', 'mysql://localhost/crs'],
    ['SMTP_URL', 'http://mail.example'],
    ['PUBLIC_URL', 'not a url'],
    ['CRS_REGISTRATION_APPROVAL', 'maybe'],
    ['TRUST_PROXY', 'sometimes'],
    ['CRS_SEED', 'perhaps'],
    ['LOG_LEVEL', 'loud'],
    ['RATE_LIMIT_IP', '-1'],
    ['RATE_LIMIT_IP', 'many'],
    ['RATE_LIMIT_USER', '2.5'],
    ['RATE_LIMIT_WINDOW_SECONDS', '0'],
    ['REDIS_URL', 'http://cache.example'],
    ['REDIS_KEY_PREFIX', 'has space'],
  ])('refuses %s=%j and names it', (name, value) => {
    const err = configError({ [name]: value });
    expect(err.message).toContain(`${name}:`);
  });

  it('OIDC_*: an https issuer (http only on loopback), all three of issuer, client id and secret, known roles and domains', () => {
    const base = { OIDC_CLIENT_ID: 'crs', OIDC_CLIENT_SECRET: 'secret' };
    for (const issuer of ['http://idp.college.edu', 'http://10.0.0.5/realms/x', 'https://idp.college.edu/?x=1', 'ftp://idp.college.edu']) {
      expect(configError({ ...base, OIDC_ISSUER: issuer }).message, issuer).toContain('OIDC_ISSUER');
    }
    expect(configError({ OIDC_ISSUER: 'https://idp.college.edu' }).message).toContain('set all three or none');
    expect(configError({ ...base, OIDC_ISSUER: 'https://idp.college.edu', OIDC_DEFAULT_ROLE: 'Dean' }).message).toContain('OIDC_DEFAULT_ROLE');
    expect(configError({ ...base, OIDC_ISSUER: 'https://idp.college.edu', OIDC_ALLOWED_DOMAINS: 'college.edu,not a domain' }).message).toContain('OIDC_ALLOWED_DOMAINS');
    for (const issuer of ['https://login.microsoftonline.com/tenant/v2.0', 'http://127.0.0.1:8080', 'http://[::1]:9000', 'http://localhost:8080/realms/crs']) {
      expect(loadConfig({ CRS_DATA_DIR: tempDir(), ...base, OIDC_ISSUER: issuer }).oidc?.issuer, issuer).toBe(issuer);
    }
    const c = loadConfig({ CRS_DATA_DIR: tempDir(), ...base, OIDC_ISSUER: 'https://accounts.google.com', OIDC_ALLOWED_DOMAINS: ' College.edu, staff.college.edu ', OIDC_DEFAULT_ROLE: 'Teacher' });
    expect(c.oidc).toEqual({ issuer: 'https://accounts.google.com', clientId: 'crs', clientSecret: 'secret', label: 'your college account', allowedDomains: ['college.edu', 'staff.college.edu'], defaultRole: 'Teacher' });
    expect(loadConfig({ CRS_DATA_DIR: tempDir() }).oidc).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    const err = configError({ PORT: 'abc', JWT_SECRET: 'short', DATABASE_URL: 'mysql://x', CRS_REGISTRATION_APPROVAL: 'maybe' });
    for (const name of ['PORT', 'JWT_SECRET', 'DATABASE_URL', 'CRS_REGISTRATION_APPROVAL']) expect(err.message).toContain(`${name}:`);
    // The secret itself is never echoed.
    expect(err.message).not.toContain('short');
  });

  it('reads good values, and treats empty strings as unset', () => {
    const dir = tempDir();
    const c = loadConfig({
      CRS_DATA_DIR: dir,
      PORT: '8080',
      HOST: '0.0.0.0',
      JWT_SECRET: 's'.repeat(32),
      PUBLIC_URL: 'https://crs.example.edu/',
      CRS_REGISTRATION_APPROVAL: 'off',
      TRUST_PROXY: 'yes',
      CRS_SEED: '0',
      DATABASE_URL: '',
      SMTP_URL: '',
    });
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', publicUrl: 'https://crs.example.edu', registrationApproval: false, trustProxy: true, seed: false, databaseUrl: undefined, smtpUrl: undefined });
    expect(Buffer.from(c.jwtSecret).toString()).toBe('s'.repeat(32));
    // A configured secret wins: nothing is asked of the database, nothing written to the data dir.
    expect(c.sharedJwtSecret).toBeUndefined();
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('defaults: approval on, no proxy trust, seeding outside production only, a local public URL', () => {
    const dev = loadConfig({ CRS_DATA_DIR: tempDir(), PORT: '3123' }, { persistSecret: false });
    expect(dev).toMatchObject({ registrationApproval: true, trustProxy: false, seed: true, publicUrl: 'http://127.0.0.1:3123' });
    expect(loadConfig({ CRS_DATA_DIR: tempDir(), NODE_ENV: 'production' }, { persistSecret: false }).seed).toBe(false);
  });

  it('background jobs: due work looked for every 5 s, the schedules checked every 30 s; each 1–45 s', () => {
    expect(loadConfig({ CRS_DATA_DIR: tempDir() }, { persistSecret: false })).toMatchObject({ jobsPollSeconds: 5, jobsCronSeconds: 30 });
    expect(loadConfig({ CRS_DATA_DIR: tempDir(), CRS_JOBS_CRON_SECONDS: '1' }, { persistSecret: false }).jobsCronSeconds).toBe(1);
    expect(configError({ CRS_JOBS_CRON_SECONDS: '60' }).message).toContain('CRS_JOBS_CRON_SECONDS');
  });

  it('rate limit: 600 a minute per address, 300 per user, counters in the database unless REDIS_URL is set', () => {
    const dev = loadConfig({ CRS_DATA_DIR: tempDir() }, { persistSecret: false });
    expect(dev).toMatchObject({ rateLimit: { ip: 600, user: 300, windowMs: 60_000 }, redisUrl: undefined, redisKeyPrefix: 'crs' });
    const set = loadConfig(
      { CRS_DATA_DIR: tempDir(), RATE_LIMIT_IP: '0', RATE_LIMIT_USER: '50', RATE_LIMIT_WINDOW_SECONDS: '10', REDIS_URL: 'redis://cache:6379/2', REDIS_KEY_PREFIX: 'crs-b' },
      { persistSecret: false },
    );
    expect(set).toMatchObject({ rateLimit: { ip: 0, user: 50, windowMs: 10_000 }, redisUrl: 'redis://cache:6379/2', redisKeyPrefix: 'crs-b' });
  });

  it('file store: disk by default; postgres only with DATABASE_URL; s3 with its bucket, endpoint and keys', () => {
    const opts = { persistSecret: false };
    expect(loadConfig({ CRS_DATA_DIR: tempDir() }, opts)).toMatchObject({ fileStore: 'disk', s3: undefined });
    expect(configError({ CRS_FILE_STORE: 'ftp' }).message).toContain('CRS_FILE_STORE: must be disk, postgres or s3');
    expect(configError({ CRS_FILE_STORE: 'postgres' }).message).toContain('CRS_FILE_STORE: postgres keeps the files in a PostgreSQL server shared by every process: set DATABASE_URL');
    expect(loadConfig({ CRS_DATA_DIR: tempDir(), CRS_FILE_STORE: 'postgres', DATABASE_URL: 'postgres://db/crs' }, opts).fileStore).toBe('postgres');
    expect(configError({ CRS_FILE_STORE: 's3' }).message).toContain('CRS_FILE_STORE: s3 needs S3_BUCKET');
    expect(configError({ S3_BUCKET: 'Not_A_Bucket' }).message).toContain('S3_BUCKET:');
    expect(configError({ S3_BUCKET: 'crs-files', S3_ACCESS_KEY_ID: 'AKIA' }).message).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
    const s3 = loadConfig(
      { CRS_DATA_DIR: tempDir(), CRS_FILE_STORE: 's3', S3_BUCKET: 'crs-files', S3_REGION: 'ap-south-1', S3_ENDPOINT: 'https://minio.college.edu:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'crs', S3_SECRET_ACCESS_KEY: 'secret-key' },
      opts,
    );
    expect(s3).toMatchObject({
      fileStore: 's3',
      s3: { bucket: 'crs-files', region: 'ap-south-1', endpoint: 'https://minio.college.edu:9000', forcePathStyle: true, credentials: { accessKeyId: 'crs', secretAccessKey: 'secret-key' } },
    });
    // Without keys: the AWS SDK's default credential chain (an instance role, ~/.aws).
    expect(loadConfig({ CRS_DATA_DIR: tempDir(), CRS_FILE_STORE: 's3', S3_BUCKET: 'crs-files' }, opts).s3).toEqual({ bucket: 'crs-files', region: 'us-east-1', endpoint: undefined, forcePathStyle: false, credentials: undefined });
  });
});

describe('JWT secret', () => {
  it('comes from the database when JWT_SECRET is not set, and the data dir gets no file', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const c = loadConfig({ CRS_DATA_DIR: dir });
    expect(c.sharedJwtSecret).toEqual({ adopt: undefined });
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it("offers an older install's jwt-secret file to the database, so signed-in users stay signed in", () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    const hex = 'c0ffee'.repeat(10) + 'abcd';
    writeFileSync(path.join(dir, 'jwt-secret'), hex + '\n', { mode: 0o600 });
    const c = loadConfig({ CRS_DATA_DIR: dir });
    expect(Buffer.from(c.sharedJwtSecret!.adopt!).toString('hex')).toBe(hex);
  });

  it('refuses a damaged secret file instead of silently making a new one', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'jwt-secret'), 'not-hex\n');
    expect(() => loadConfig({ CRS_DATA_DIR: dir })).toThrow(ConfigError);
    writeFileSync(path.join(dir, 'jwt-secret'), 'ab'.repeat(16) + '\n'); // 16 bytes: too short
    expect(() => loadConfig({ CRS_DATA_DIR: dir })).toThrow(/jwt-secret/);
  });

  it('is random and not persisted when persistSecret is false (tests)', () => {
    const dir = tempDir();
    const a = loadConfig({ CRS_DATA_DIR: dir }, { persistSecret: false });
    const b = loadConfig({ CRS_DATA_DIR: dir }, { persistSecret: false });
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
    expect(a.sharedJwtSecret).toBeUndefined();
    expect(a.jwtSecret.byteLength).toBe(32);
    expect(Buffer.from(a.jwtSecret).equals(Buffer.from(b.jwtSecret))).toBe(false);
  });
});
