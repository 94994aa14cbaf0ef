import path from 'node:path';
import type { Config } from './config.ts';
import { createContext } from './context.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataDirLock } from './db/lock.ts';
import type { DataDirLock } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { Mailer } from './lib/mailer.ts';

export type Runtime = { ctx: AppContext; close(): Promise<void> };

/**
 * Opens the configured database (taking the data directory's lock for the embedded one),
 * applies pending migrations and builds the services' context.
 */
export async function openRuntime(config: Config, print: (line: string) => void): Promise<Runtime> {
  let lock: DataDirLock | undefined;
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgresql', url: config.databaseUrl })
    : await (async () => {
        lock = acquireDataDirLock(config.dataDir);
        try {
          return await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
        } catch (err) {
          lock.release();
          throw err;
        }
      })();
  try {
    await migrate(database);
  } catch (err) {
    await database.close();
    lock?.release();
    throw err;
  }
  const mailer = new Mailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, print });
  const ctx = createContext(config, database, mailer);
  return {
    ctx,
    async close() {
      await mailer.stop();
      await database.close();
      lock?.release();
    },
  };
}
