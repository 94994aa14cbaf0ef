// The settings every session runs with (SESSION_SETTINGS, decision 0013) hold whatever the
// DATABASE_URL carries: node-postgres lets a URL's `options` replace the pool's own.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows, withSessionSettings } from './client.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

describe('withSessionSettings', () => {
  it('adds the session settings as startup options, after the URL’s own, which leave the URL', () => {
    expect(withSessionSettings('postgres://crs@db.college.internal:5432/crs')).toEqual({
      connectionString: 'postgres://crs@db.college.internal:5432/crs',
      options: '-c synchronize_seqscans=off',
    });
    expect(withSessionSettings('postgres://crs@db:5432/crs?sslmode=require&options=-c%20statement_timeout%3D5000')).toEqual({
      connectionString: 'postgres://crs@db:5432/crs?sslmode=require',
      options: '-c statement_timeout=5000 -c synchronize_seqscans=off',
    });
    // Not a URL (a socket path): passed on as it is.
    expect(withSessionSettings('/var/run/postgresql crs')).toEqual({ connectionString: '/var/run/postgresql crs', options: '-c synchronize_seqscans=off' });
  });

  // PostgreSQL only: the embedded database takes the settings as start parameters, not from a URL.
  if (PG_URL) {
    it('holds on every pooled connection of a URL that carries options of its own (PostgreSQL)', async () => {
      const url = new URL(PG_URL);
      url.searchParams.set('options', '-c statement_timeout=4321');
      const database = await openDatabase({ kind: 'postgresql', url: url.toString(), max: 3 });
      try {
        const rows = await Promise.all(
          Array.from({ length: 3 }, () =>
            queryRows<{ seqscans: string; timeout: string }>(
              database.db,
              sql`select current_setting('synchronize_seqscans') as seqscans, current_setting('statement_timeout') as timeout, pg_sleep(0.05)::text`,
            ),
          ),
        );
        for (const [row] of rows) expect(row).toMatchObject({ seqscans: 'off', timeout: '4321ms' });
      } finally {
        await database.close();
      }
    });
  }
});
