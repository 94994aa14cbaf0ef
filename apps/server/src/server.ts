// Starts CRS: validated configuration, database (migrated), demo seed, HTTP server, admin socket.
import { buildApp } from './app.ts';
import { serveAdminSocket } from './cli/admin-socket.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { sweepStaleImports } from './lib/import/staged.ts';
import * as audit from './modules/audit/audit.service.ts';
import { sweepOrphanBytes } from './modules/files/files.service.ts';
import { pruneAuthData } from './modules/auth/auth.service.ts';
import * as settings from './modules/settings/settings.service.ts';
import { openRuntime } from './runtime.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed/demo.ts';

const out = (line: string) => process.stdout.write(line + '\n');

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const runtime = await openRuntime(config, out);
  const { ctx } = runtime;
  // Maintenance at start, before any request: an import a crash left pending is deleted with its
  // rows. The embedded database has one process, so every pending import there is a leftover;
  // on a shared PostgreSQL database another process may be importing right now.
  const dropped = await sweepStaleImports(ctx.db, new Date(), config.databaseUrl ? undefined : 0);
  if (dropped > 0) out(`Removed ${dropped} unfinished import(s) left by an earlier stop.`);
  const seeded = config.seed ? await seedDemo(ctx) : false;
  const app = await buildApp(ctx);
  runtime.outbox.start();
  const admin = config.databaseUrl ? undefined : serveAdminSocket(ctx);
  admin?.on('error', (err) => app.log.warn({ err }, 'admin socket unavailable; the CLI needs the server stopped'));
  const prune = () =>
    Promise.all([
      pruneAuthData(ctx).catch((err: unknown) => app.log.warn({ err }, 'pruning auth data failed')),
      sweepStaleImports(ctx.db, new Date()).catch((err: unknown) => app.log.warn({ err }, 'removing stale imports failed')),
      settings
        .current(ctx)
        .then((s) => audit.purgeOlderThan(ctx, s.auditRetentionDays))
        .catch((err: unknown) => app.log.warn({ err }, 'purging old audit entries failed')),
      sweepOrphanBytes(ctx).catch((err: unknown) => app.log.warn({ err }, 'sweeping orphaned file bytes failed')),
    ]);
  void prune();
  const maintenance = setInterval(() => void prune(), 60 * 60 * 1000);
  maintenance.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A hung shutdown must not outlive the 10 s budget.
    setTimeout(() => process.exit(1), 10_000).unref();
    clearInterval(maintenance);
    admin?.close();
    await app.close(); // in-flight requests finish; new ones get 503
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  out('');
  out(`CRS is running at http://${host}:${port}`);
  out(`Database: ${ctx.database.kind === 'pglite' ? `embedded (${config.dataDir}/db)` : 'PostgreSQL'}${seeded ? ' — demo data seeded' : ''}`);
  out(`API reference: http://${host}:${port}/api/docs`);
  if (config.seed) {
    out(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) out(`  ${a.role.padEnd(11)} ${a.email}`);
  }
  if (!config.smtpUrl) out('Mail: no SMTP_URL set — mails are kept in the outbox and printed here.');
  out('');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`CRS failed to start: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
