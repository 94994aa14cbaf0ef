import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import { AuthCache } from './modules/auth/auth.cache.ts';

/** What every service needs: built once per process (or per test file) and passed down. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  authCache: AuthCache;
  startedAt: number;
};

export function createContext(config: Config, database: Database, mailer: Mailer): AppContext {
  return {
    config,
    database,
    db: database.db,
    mailer,
    authCache: new AuthCache(database.notifier),
    startedAt: Date.now(),
  };
}
