// `npm run bench`: speed and size figures, each next to a baseline measured in the same run.
// BENCH_SECONDS (default 8) sets each load's length; BENCH_DATABASE_URL adds PostgreSQL runs.
import { accountsBench } from './bench/accounts.ts';
import { bundleBench } from './bench/bundle.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const pgUrl = process.env.BENCH_DATABASE_URL;

console.log(`CRS benchmarks — ${new Date().toISOString()} — node ${process.version}, ${seconds}s per load, 50 connections`);
console.log('Figures vary with the machine; compare the ratios, which are measured in the same run.\n');

await accountsBench({ seconds, pgUrl });
await bundleBench();
