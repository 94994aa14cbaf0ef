// The aims a bench run checks. Each part records its own with `aim(...)`; `npm run bench` ends with
// one line per aim: `aim <name>: <value> (target <t>) ok|MISS`, so a run's verdict reads at a glance.

export type Aim = { name: string; value: string; target: string; ok: boolean };

const aims: Aim[] = [];

/** At least `target` (ratios, scores). */
export function aimAtLeast(name: string, value: number, target: number, digits = 2, unit = ''): void {
  aims.push({ name, value: `${value.toFixed(digits)}${unit}`, target: `≥ ${target}${unit}`, ok: value >= target });
}

/** At most `target` (latencies, sizes). */
export function aimAtMost(name: string, value: number, target: number, digits = 1, unit = ''): void {
  aims.push({ name, value: `${value.toFixed(digits)}${unit}`, target: `≤ ${target}${unit}`, ok: value <= target });
}

/** A yes/no aim (e.g. revocation still immediate). */
export function aimHolds(name: string, holds: boolean, what: string): void {
  aims.push({ name, value: holds ? what : `not ${what}`, target: what, ok: holds });
}

export function printAims(): void {
  if (aims.length === 0) return;
  console.log('## Aims');
  for (const a of aims) console.log(`aim ${a.name}: ${a.value} (target ${a.target}) ${a.ok ? 'ok' : 'MISS'}`);
}
