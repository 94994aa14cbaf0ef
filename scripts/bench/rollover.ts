// The semester rollover of a 5,000-student college on the embedded database (issue 27, aim:
// dry run ≤ 3 s, run ≤ 10 s, /health p99 ≤ 150 ms meanwhile), next to /health's p99 at rest in the
// same run (the baseline).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { aimAtMost } from './aims.ts';
import { probe, probeWhile, quantile } from './measure.ts';
import { fmt, login, startServer } from './server.ts';

const STUDENTS = 5000;
const YEAR = '2030-31';

/** 5,000 students in 50 sections (5 departments × semesters 2, 4, 6, 8 … the even term), with subjects and teachers to carry over. */
async function seedCollege(dataDir: string) {
  const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    const q = (text: string, values?: unknown[]) => db.executeSql(text, values);
    await q(`insert into departments (code, name) select 'BR' || d, 'Bench Department ' || d from generate_series(1, 5) d`);
    await q(
      `insert into sections (name, department_id, semester, academic_year)
       select 'BR' || d.n || '-' || sem || chr(64 + l), dep.id, sem, $1
       from generate_series(1, 5) d(n) join departments dep on dep.code = 'BR' || d.n cross join (values (2), (4), (6), (8)) s(sem) cross join generate_series(1, 3) l`,
      [YEAR],
    );
    await q(
      `insert into subjects (code, name, department_id, semester, credits)
       select 'BR' || d.n || sem || '0' || k, 'Bench subject ' || k, dep.id, sem, 4
       from generate_series(1, 5) d(n) join departments dep on dep.code = 'BR' || d.n cross join generate_series(2, 8) s(sem) cross join generate_series(1, 4) k`,
    );
    await q(
      `with s as (select id, department_id, row_number() over (order by name) - 1 as i, count(*) over () as n from sections where academic_year = $2)
       insert into users (name, email, roles, password_hash, student_id, section_id, department_id, section, phone)
       select 'Bench Student ' || g, 'bench.rollover' || g || '@test.crs', '{Student}', 'x', 'STUB' || lpad(g::text, 6, '0'), s.id, s.department_id, 'x', '98' || lpad(g::text, 8, '0')
       from generate_series(1, $1::int) g join s on s.i = g % s.n`,
      [STUDENTS, YEAR],
    );
    await q(`insert into section_students (section_id, student_id) select section_id, id from users where email like 'bench.rollover%'`);
    // Every closing section's subjects taught by the demo teacher (carried over to the next sections).
    await q(
      `insert into teaching_assignments (teacher_id, subject_id, section_id)
       select (select id from users where email = 'teacher@demo.crs'), sub.id, sec.id
       from sections sec join subjects sub on sub.department_id = sec.department_id and sub.semester = sec.semester where sec.academic_year = $1`,
      [YEAR],
    );
    await q('analyze');
  } finally {
    await db.close();
  }
}

export async function rolloverBench(): Promise<void> {
  console.log(`## Rollover: a ${fmt(STUDENTS)}-student college (embedded), /health probed meanwhile`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crs-bench-rollover-'));
  try {
    const env = { CRS_DATA_DIR: dataDir };
    // The first start migrates and seeds the demo college; the large college is added with the server stopped (its lock).
    await (await startServer(env)).stop();
    const t0 = Date.now();
    await seedCollege(dataDir);
    console.log(`(seeded in ${fmt((Date.now() - t0) / 1000, 1)} s)`);
    const server = await startServer(env);
    try {
      const auth = { authorization: `Bearer ${await login(server.url, 'admin@demo.crs')}`, 'content-type': 'application/json' };
      const health = `${server.url}/api/v1/health`;
      await probe(health, {}, 20);
      const baseline = await probeWhile(health, {}, new Promise((r) => setTimeout(r, 3000)));
      const call = async (dryRun: boolean) => {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/v1/academics/rollover${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', headers: auth, body: JSON.stringify({ academicYear: YEAR, term: 'even' }) });
        const body = (await res.json()) as { plan?: { counts: Record<string, number> }; message: string };
        if (!res.ok) throw new Error(`rollover ${res.status}: ${body.message}`);
        return { seconds: (performance.now() - started) / 1000, counts: body.plan!.counts };
      };
      const dry = call(true);
      const duringDry = await probeWhile(health, {}, dry);
      const dryResult = await dry;
      const run = call(false);
      const duringRun = await probeWhile(health, {}, run);
      const runResult = await run;
      const during = [...duringDry, ...duringRun].sort((a, b) => a - b);
      console.log('                          value');
      console.log(`dry run                   ${fmt(dryResult.seconds, 2)} s`);
      console.log(`run                       ${fmt(runResult.seconds, 2)} s`);
      console.log(`/health p99 at rest       ${fmt(quantile(baseline, 0.99), 1)} ms (baseline, ${baseline.length} requests in 3 s)`);
      console.log(`/health p99 meanwhile     ${fmt(quantile(during, 0.99), 1)} ms (${during.length} requests)`);
      console.log(`(${JSON.stringify(runResult.counts)})`);
      aimAtMost('rollover dry run (pglite, 5,000 students)', dryResult.seconds, 3, 2, ' s');
      aimAtMost('rollover run (pglite, 5,000 students)', runResult.seconds, 10, 2, ' s');
      aimAtMost('/health p99 during rollover (pglite)', quantile(during, 0.99), 150, 1, ' ms');
      console.log('');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
