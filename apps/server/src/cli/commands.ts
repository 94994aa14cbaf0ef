import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailField, nameField, passwordField } from '@crs/shared/fields';
import { ROLES } from '@crs/shared/roles';
import type { AppContext } from '../context.ts';
import { backupTo, restoreFrom } from '../db/backup.ts';
import type { BackupCounts } from '../db/backup.ts';
import { migrate } from '../db/migrate.ts';
import { seedBenchAssignments, seedRushStudents } from '../modules/academics/academics.seed.ts';
import { seedSyntheticAlumni } from '../modules/alumni/alumni.service.ts';
import { CONSOLE_ACTOR } from '../modules/audit/audit.service.ts';
import { seedDemoCalendar } from '../modules/calendar/calendar.service.ts';
import { seedBenchAttendance } from '../modules/attendance/attendance.service.ts';
import { seedSyntheticBooks } from '../modules/library/library.service.ts';
import { approveByEmail, createUserWithPassword, unmatchedUsers } from '../modules/users/users.admin.service.ts';
import { moveFileBytes } from '../modules/files/files.service.ts';
import { openFileStore } from '../runtime.ts';
import { seedDemo } from '../seed/demo.ts';

export class UsageError extends Error {}

type Command = {
  usage: string;
  summary: string;
  /** False for commands that must not run inside a live server (it would pull data from under it). */
  remote: boolean;
  /** `print` shows progress as it happens (the terminal); through the admin socket only the answer is shown. */
  run(ctx: AppContext, argv: string[], print?: (line: string) => void): Promise<string>;
};

function parse<T extends Record<string, { type: 'string' | 'boolean' }>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new UsageError(`${what}: ${r.error.issues[0]?.message ?? 'invalid'}`);
  return r.data;
}

const fileArg = (argv: string[], usage: string) => {
  const { positionals } = parse(argv, {});
  if (positionals.length !== 1) throw new UsageError(`usage: ${usage}`);
  return path.resolve(positionals[0]!);
};

/** Every CLI command. They call the same services as the HTTP API. */
export const COMMANDS: Record<string, Command> = {
  'user:create': {
    usage: 'user:create --email <email> --name <name> --role <Role> [--password <password>]',
    summary: `Create an active account with any role (${ROLES.join(', ')}). Without --password one is generated and printed.`,
    remote: true,
    async run(ctx, argv) {
      const { values } = parse(argv, { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } });
      if (!values.email || !values.name || !values.role) throw new UsageError(`usage: ${this.usage}`);
      const email = check(emailField, values.email, '--email');
      const name = check(nameField, values.name, '--name');
      const role = check(z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }), values.role, '--role');
      const password = values.password === undefined ? undefined : check(passwordField, values.password, '--password');
      const { user, password: generated } = await createUserWithPassword(ctx, CONSOLE_ACTOR, { email, name, roles: [role], password });
      return `Created ${role} ${user.email} (id ${user._id})` + (generated ? `\nPassword: ${generated}` : '');
    },
  },
  'user:approve': {
    usage: 'user:approve --email <email>',
    summary: 'Approve a pending Teacher or Staff sign-up.',
    remote: true,
    async run(ctx, argv) {
      const { values } = parse(argv, { email: { type: 'string' } });
      if (!values.email) throw new UsageError(`usage: ${this.usage}`);
      const { user, changed } = await approveByEmail(ctx, CONSOLE_ACTOR, check(emailField, values.email, '--email'));
      return changed ? `Approved ${user.email}; they can sign in now.` : `${user.email} is already active.`;
    },
  },
  'users:unmatched': {
    usage: 'users:unmatched',
    summary: 'List the people whose department or section (free text from before issue 25) matches no Academics department or section; choose theirs in People.',
    remote: true,
    async run(ctx) {
      const { users, total } = await unmatchedUsers(ctx, 'all');
      if (total === 0) return 'Every department and section on a person matches Academics.';
      const lines = users.map((u) => {
        const what = [u.department !== null ? `department "${u.department}"` : '', u.section !== null ? `section "${u.section}"` : ''].filter(Boolean).join(', ');
        return `${u.name} <${u.email}> (${u.roles.join(', ')}): ${what}`;
      });
      return [`${total} ${total === 1 ? 'person has' : 'people have'} a department or section that matches nothing in Academics:`, ...lines].join('\n');
    },
  },
  'db:migrate': {
    usage: 'db:migrate',
    summary: 'Apply pending migrations (the server also does this at start).',
    remote: true,
    async run(ctx) {
      await migrate(ctx.database);
      return 'Database schema is up to date.';
    },
  },
  'db:seed': {
    usage: 'db:seed',
    summary: 'Seed the demo college into an empty database.',
    remote: true,
    async run(ctx) {
      return (await seedDemo(ctx)) ? 'Seeded the demo data.' : 'The database already has users; nothing seeded.';
    },
  },
  'db:seed-books': {
    usage: 'db:seed-books --count <N>',
    summary: 'Add N synthetic books (varied titles, authors, subjects, valid ISBNs) for load tests, 5000 rows per INSERT.',
    remote: true,
    async run(ctx, argv) {
      const { values } = parse(argv, { count: { type: 'string' } });
      if (values.count === undefined) throw new UsageError(`usage: ${this.usage}`);
      const n = check(z.coerce.number().int().min(1).max(10_000_000, 'at most 10000000'), values.count, '--count');
      const started = Date.now();
      const added = await seedSyntheticBooks(ctx.db, n);
      return `Added ${added} books in ${((Date.now() - started) / 1000).toFixed(1)} s.`;
    },
  },
  'db:seed-alumni': {
    usage: 'db:seed-alumni --count <N>',
    summary: 'Add N synthetic alumni (the demo directory\'s departments, companies, roles, names) for load tests, 5000 rows per INSERT.',
    remote: true,
    async run(ctx, argv) {
      const { values } = parse(argv, { count: { type: 'string' } });
      if (values.count === undefined) throw new UsageError(`usage: ${this.usage}`);
      const n = check(z.coerce.number().int().min(1).max(9_999_999, 'at most 9999999'), values.count, '--count');
      const started = Date.now();
      const added = await seedSyntheticAlumni(ctx, n);
      return `Added ${added} alumni in ${((Date.now() - started) / 1000).toFixed(1)} s.`;
    },
  },
  'db:seed-attendance': {
    usage: 'db:seed-attendance --email <teacher email> [--sections 6] [--students 60] [--weeks 16]',
    summary: 'Add a teacher (password demo1234) with S sections of N students and W weeks of attendance, for the attendance bench.',
    remote: true,
    async run(ctx, argv) {
      const { values } = parse(argv, { email: { type: 'string' }, sections: { type: 'string' }, students: { type: 'string' }, weeks: { type: 'string' } });
      if (values.email === undefined) throw new UsageError(`usage: ${this.usage}`);
      const email = check(emailField, values.email, '--email');
      const sections = check(z.coerce.number().int().min(1).max(50), values.sections ?? '6', '--sections');
      const students = check(z.coerce.number().int().min(1).max(500), values.students ?? '60', '--students');
      const weeks = check(z.coerce.number().int().min(1).max(52), values.weeks ?? '16', '--weeks');
      const started = Date.now();
      await seedBenchAttendance(ctx, await seedBenchAssignments(ctx, { email, sections, students }), weeks);
      return `Added ${sections} sections × ${students} students with ${weeks} weeks of attendance for ${email} in ${((Date.now() - started) / 1000).toFixed(1)} s.`;
    },
  },
  'db:seed-students': {
    usage: 'db:seed-students --count <N>',
    summary: "Add N students (rush.1@demo.crs … rush.N@demo.crs, password demo1234) dealt round the demo college's sections, for the morning-rush bench.",
    remote: true,
    async run(ctx, argv) {
      const { values } = parse(argv, { count: { type: 'string' } });
      if (values.count === undefined) throw new UsageError(`usage: ${this.usage}`);
      const n = check(z.coerce.number().int().min(1).max(100_000, 'at most 100000'), values.count, '--count');
      const started = Date.now();
      const added = await seedRushStudents(ctx, n);
      return `Added ${added} students in ${((Date.now() - started) / 1000).toFixed(1)} s.`;
    },
  },
  'db:seed-calendar': {
    usage: 'db:seed-calendar',
    summary: "Add the demo calendar (the academic year's holidays, exam periods, a few events) unless any entry exists, for the calendar bench.",
    remote: true,
    async run(ctx) {
      return (await seedDemoCalendar(ctx)) ? 'Added the demo calendar.' : 'The calendar already has entries; nothing added.';
    },
  },
  'db:backup': {
    usage: 'db:backup <file>',
    summary: 'Write a consistent backup of every table and every uploaded file to <file> (a gzipped tar).',
    remote: true,
    async run(ctx, argv) {
      const file = fileArg(argv, this.usage);
      const counts = await backupTo(ctx.db, ctx.store, file);
      return `Backup written to ${file}: ${describe(counts)}`;
    },
  },
  'files:migrate': {
    usage: 'files:migrate --to disk|postgres|s3',
    summary:
      'Copy every file from the current store (CRS_FILE_STORE) to another, verifying each SHA-256; run it again to resume (copies already verified are skipped). Then set CRS_FILE_STORE to the new store and restart.',
    remote: true,
    async run(ctx, argv, print = () => undefined) {
      const { values } = parse(argv, { to: { type: 'string' } });
      const to = check(z.enum(STORE_KINDS, { error: 'must be disk, postgres or s3' }), values.to, '--to');
      if (to === ctx.store.kind) throw new UsageError(`--to: the files are already in the ${to} store (CRS_FILE_STORE=${ctx.store.kind}).`);
      if (to === 'postgres' && !ctx.config.databaseUrl) throw new UsageError('--to: the postgres file store needs a PostgreSQL server (DATABASE_URL), not the embedded database.');
      if (to === 's3' && !ctx.config.s3) throw new UsageError('--to: the s3 file store needs S3_BUCKET (and S3_REGION, S3_ENDPOINT, keys) set.');
      const target = openFileStore(to, ctx.config, ctx.database);
      print(`Copying the files of the ${ctx.store.kind} store to the ${to} store…`);
      const move = await moveFileBytes(ctx, target, print);
      const summary =
        `${move.total} files: ${move.copied} copied and verified (${(move.bytesCopied / 1048576).toFixed(1)} MiB), ${move.alreadyThere} already there and verified` +
        (move.missing.length ? `, ${move.missing.length} missing from the ${ctx.store.kind} store` : '') +
        (move.mismatched.length ? `, ${move.mismatched.length} whose copy's SHA-256 differs from the record` : '');
      const problems = [...move.missing.map((k) => `  missing: ${k}`), ...move.mismatched.map((k) => `  SHA-256 differs: ${k}`)];
      if (problems.length) throw new Error(`${summary}.\n${problems.join('\n')}\nNothing was removed; fix or accept these, run again, and switch CRS_FILE_STORE only when it reports none.`);
      return `${summary}.\nEvery file is in the ${to} store: set CRS_FILE_STORE=${to} and restart the servers (the ${ctx.store.kind} store is left as it was; remove it once the new one serves).`;
    },
  },
  'db:restore': {
    usage: 'db:restore <file>',
    summary: 'Replace all data with the backup in <file> (stop the server first when using the embedded database).',
    remote: false,
    async run(ctx, argv) {
      const file = fileArg(argv, this.usage);
      const counts = await restoreFrom(ctx.db, ctx.store, file);
      await ctx.caches.invalidateAll();
      return `Restored ${file}: ${describe(counts)}`;
    },
  },
};

const STORE_KINDS = ['disk', 'postgres', 's3'] as const;

const describe = (c: BackupCounts) => `${Object.entries(c.tables).map(([t, n]) => `${t}=${n}`).join(' ')} files=${c.files}`;

export function helpText(): string {
  const lines = ['Usage: npm run crs -- <command> [options]', '', 'Commands:'];
  for (const c of Object.values(COMMANDS)) lines.push(`  ${c.usage}`, `      ${c.summary}`);
  lines.push(
    '',
    'Configuration comes from the same environment variables as the server (see README).',
    'With the embedded database, a running server holds the data directory: commands are then',
    'sent to it through its admin socket (data/crs.sock), except db:restore.',
  );
  return lines.join('\n');
}
