// Starts CRS: validated configuration, database (migrated), demo seed, HTTP server, admin socket.
import { buildApp } from './app.ts';
import { serveAdminSocket } from './cli/admin-socket.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { sweepStaleImports } from './lib/import/staged.ts';
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
  // The periodic sweeps (runtime.ts registerJobs) run on the job runner, once per slot over all processes.
  await ctx.jobs.start((err) => app.log.warn({ err }, 'background jobs: the job runner met an error'));

  // Decision 0048: on SIGTERM the process turns not-ready (readiness answers 503, answers close
  // their connection) and keeps serving for the grace period, so a load balancer moves its traffic
  // away first; then it closes the server (requests under way finish), stops the jobs, closes the
  // database and exits 0. A second signal cuts the grace short (Ctrl-C twice in a terminal).
  let stopping = false;
  let endGrace: (() => void) | undefined;
  const stop = async (signal: string) => {
    if (stopping) {
      endGrace?.();
      return;
    }
    stopping = true;
    ctx.lifecycle.draining = true;
    const grace = config.shutdownGraceMs;
    app.log.info({ signal, graceSeconds: grace / 1000 }, 'draining: not ready, still serving for the grace period');
    // A hung shutdown must not outlive the grace plus a 10 s budget.
    setTimeout(() => process.exit(1), grace + 10_000).unref();
    if (grace > 0) await new Promise<void>((resolve) => ((endGrace = resolve), setTimeout(resolve, grace)));
    app.log.info({ signal }, 'shutting down');
    admin?.close();
    await app.close(); // in-flight requests finish; new ones get 503
    await ctx.jobs.stop(); // runs under way finish (or are retried later); no new ones start
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
