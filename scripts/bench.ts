// `npm run bench`: speed and size figures, each next to a baseline measured in the same run.
// BENCH_SECONDS (default 8) sets each load's length; BENCH_DATABASE_URL adds PostgreSQL runs;
// BENCH_PORTS (e.g. 46500-46549) keeps the servers it starts in that range;
// BENCH_PGLITE_BOOKS / BENCH_PG_BOOKS (100k / 1M) size the search catalogues, BENCH_PGLITE_ALUMNI /
// BENCH_PG_ALUMNI (100k / 1M) the alumni directories; BENCH_ONLY=accounts,client,search,import,alumni,attendance,calendar,rollover,transcripts,oidc,files,notifications,rush,lighthouse;
// BENCH_RUSH_STUDENTS (default 2000) sizes the morning rush.
import { availableParallelism, loadavg } from 'node:os';
import { accountsBench } from './bench/accounts.ts';
import { alumniBench } from './bench/alumni.ts';
import { attendanceBench } from './bench/attendance.ts';
import { calendarBench } from './bench/calendar.ts';
import { filesBench } from './bench/files.ts';
import { notificationsBench } from './bench/notifications.ts';
import { oidcBench } from './bench/oidc.ts';
import { rolloverBench } from './bench/rollover.ts';
import { rushBench } from './bench/rush.ts';
import { printAims } from './bench/aims.ts';
import { bundleBench } from './bench/bundle.ts';
import { importBench } from './bench/import.ts';
import { lighthouseBench } from './bench/lighthouse.ts';
import { searchBench } from './bench/search.ts';
import { transcriptsBench } from './bench/transcripts.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const pgUrl = process.env.BENCH_DATABASE_URL;

console.log(`CRS benchmarks — ${new Date().toISOString()} — node ${process.version}, ${seconds}s per load, 50 connections, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
console.log('Figures vary with the machine; compare the ratios, which are measured in the same run.\n');

const only = new Set((process.env.BENCH_ONLY ?? 'accounts,client,search,import,alumni,attendance,calendar,rollover,transcripts,oidc,files,notifications,rush,lighthouse').split(','));
if (only.has('accounts')) await accountsBench({ seconds, pgUrl });
if (only.has('client')) await bundleBench();
if (only.has('search')) await searchBench({ pgUrl, requests: Number(process.env.BENCH_REQUESTS ?? 300) });
if (only.has('import')) await importBench();
if (only.has('alumni')) await alumniBench({ pgUrl, requests: Number(process.env.BENCH_REQUESTS ?? 300) });
if (only.has('attendance')) await attendanceBench({ requests: Number(process.env.BENCH_REQUESTS ?? 300) });
if (only.has('calendar')) await calendarBench({ requests: Number(process.env.BENCH_REQUESTS ?? 300) });
if (only.has('rollover')) await rolloverBench();
if (only.has('transcripts')) await transcriptsBench({ requests: Number(process.env.BENCH_REQUESTS ?? 300) });
if (only.has('oidc')) await oidcBench({ requests: Number(process.env.BENCH_REQUESTS ?? 300) });
if (only.has('files')) await filesBench({ pgUrl });
if (only.has('notifications')) await notificationsBench({ requests: Number(process.env.BENCH_REQUESTS ?? 300) });
if (only.has('rush')) await rushBench({ pgUrl });
if (only.has('lighthouse')) await lighthouseBench();
printAims();
