// Grade cards and transcripts (issue 27 aims): one student's transcript PDF and a section of 60 in
// one PDF, next to the health route and the ID card's verify route in the same run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aimAtMost } from './aims.ts';
import { probe } from './measure.ts';
import { fmt, login, root, startServer } from './server.ts';

const STUDENTS = 60;
const EMAIL = 'bench.transcripts@demo.crs';
const ADMIN = 'bench.transcripts.admin@demo.crs';

const json = async <T>(res: Response): Promise<T> => {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/**
 * A teacher with one section of 60 students (db:seed-attendance, one week), an exam of that class
 * marked for everyone and published through the API; then, as an Admin made for the run, the transcript PDF of
 * one student (sequential requests, p50/p95) and the section's batch (a few runs, the slowest).
 * Aims: transcript PDF p95 ≤ 300 ms; a section of 60 ≤ 10 s.
 */
export async function transcriptsBench(opts: { requests: number }): Promise<void> {
  console.log(`## Transcripts: one student's PDF, a section of ${STUDENTS} as one PDF (embedded, sequential requests)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crs-bench-transcripts-'));
  try {
    const env = { CRS_DATA_DIR: dataDir };
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'db:seed-attendance', '--email', EMAIL, '--sections', '1', '--students', String(STUDENTS), '--weeks', '1'], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error('db:seed-attendance failed');
    // The batch is an Admin's: one made for the run (the bench's data directory has no demo college).
    const a = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'user:create', '--email', ADMIN, '--name', 'Bench Admin', '--role', 'Admin', '--password', 'demo1234'], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (a.status !== 0) throw new Error('user:create failed');
    const server = await startServer(env);
    try {
      const admin = { authorization: `Bearer ${await login(server.url, ADMIN)}`, 'content-type': 'application/json' };
      const teacher = { authorization: `Bearer ${await login(server.url, EMAIL)}`, 'content-type': 'application/json' };
      const me = await json<{ user: { _id: string } }>(await fetch(`${server.url}/api/v1/auth/users/me`, { headers: teacher }));
      const { assignments } = await json<{ assignments: Array<{ subjectId: string; sectionId: string }> }>(await fetch(`${server.url}/api/v1/academics/assignments?teacherId=${me.user._id}`, { headers: admin }));
      const { subjectId, sectionId } = assignments[0]!;
      const { students } = await json<{ students: Array<{ _id: string }> }>(await fetch(`${server.url}/api/v1/academics/sections/${sectionId}/students`, { headers: admin }));
      const { exam } = await json<{ exam: { _id: string } }>(
        await fetch(`${server.url}/api/v1/assesment/exams`, {
          method: 'POST',
          headers: teacher,
          body: JSON.stringify({ name: 'End semester', kind: 'end-term', maxMarks: 100, weight: 100, date: new Date().toISOString().slice(0, 10), subjectId, sectionId }),
        }),
      );
      await json(await fetch(`${server.url}/api/v1/assesment/exams/${exam._id}/marks`, { method: 'PUT', headers: teacher, body: JSON.stringify({ marks: students.map((s, i) => ({ studentId: s._id, marks: 40 + ((i * 7) % 60) })) }) }));
      await json(await fetch(`${server.url}/api/v1/assesment/exams/${exam._id}/publish`, { method: 'POST', headers: teacher, body: '{}' }));

      const health = await probe(`${server.url}/api/v1/health`, {}, opts.requests);
      const verify = await probe(`${server.url}/api/v1/idcards/verify/${'A'.repeat(43)}`, {}, opts.requests);
      const one = await probe(`${server.url}/api/v1/students/${students[0]!._id}/transcript?format=pdf`, admin, Math.min(40, opts.requests));
      const runs: number[] = [];
      let documents = 0;
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/v1/transcripts/generate`, { method: 'POST', headers: admin, body: JSON.stringify({ sectionId, kind: 'transcript' }) });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`transcripts/generate: ${res.status}`);
        documents = Number(res.headers.get('x-document-count'));
        runs.push(performance.now() - t0);
      }
      console.log('                          p50 ms   p95 ms    req/s');
      for (const [label, m] of [['health', health], ['idcards/verify', verify], ['transcript pdf', one]] as const) {
        console.log(`${label.padEnd(25)} ${fmt(m.p50, 1).padStart(7)}  ${fmt(m.p95, 1).padStart(7)}  ${fmt(m.rps).padStart(7)}`);
      }
      const slowest = Math.max(...runs) / 1000;
      console.log(`section batch (${documents} transcripts): ${runs.map((t) => fmt(t / 1000, 2)).join(' / ')} s; ${fmt(one.p50 / health.p50, 1)}× the health route per student PDF`);
      aimAtMost('transcript pdf p95 (one student, pglite)', one.p95, 300, 1, ' ms');
      aimAtMost(`transcript pdf section of ${documents} (slowest of 3)`, slowest, 10, 2, ' s');
      console.log('');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
