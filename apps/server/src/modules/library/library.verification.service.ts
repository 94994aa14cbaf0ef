import { MSG } from '@crs/shared/messages';
import type { Verification, VerificationReport } from '@crs/shared/schemas/library';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { VerificationRow } from '../../db/schema/library.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { xlsxOf } from '../../lib/spreadsheet.ts';
import type { Principal } from '../../plugins/access.ts';
import * as audit from '../audit/audit.service.ts';
import * as repo from './verification.repository.ts';

// Stock verification (issue 31 item 6, decision 0053): the librarian starts one for a shelf
// location or the whole library, scans every copy from any number of devices and sessions (each
// barcode once per verification), reads the report while it is open and closes it, which freezes
// the report as it stood. The report downloads as .xlsx.

const verificationNotFound = () => notFound(MSG.verificationNotFound, 'VERIFICATION_NOT_FOUND');

type Frozen = Omit<VerificationReport, 'verification'> & { expected: number; scanned: number };

async function present(db: Executor, v: VerificationRow): Promise<Verification> {
  const frozen = v.report as Frozen | null;
  const counts = frozen ? { expected: frozen.expected, scanned: frozen.scanned } : await repo.countsOf(db, v);
  return { _id: v.id, shelf: v.shelf, status: v.status, startedAt: v.startedAt.toISOString(), closedAt: v.closedAt?.toISOString() ?? null, ...counts };
}

async function open(ctx: AppContext, id: string): Promise<VerificationRow> {
  const v = await repo.findVerification(ctx.db, id);
  if (!v) throw verificationNotFound();
  return v;
}

/** POST /library/verifications: starts one (shelf or whole library); audited. */
export async function startVerification(ctx: AppContext, p: Principal, shelf: string | null | undefined): Promise<Verification> {
  return ctx.db.transaction(async (tx) => {
    const v = await repo.insertVerification(tx, shelf ?? null, p.user.id);
    await audit.record(ctx, p, { action: 'library.verification_started', target: { type: 'stock verification', id: v.id, label: v.shelf ?? 'Whole library' } }, tx);
    return present(tx, v);
  });
}

export async function listVerifications(ctx: AppContext): Promise<Verification[]> {
  const rows = await repo.listVerifications(ctx.db);
  return Promise.all(rows.map((v) => present(ctx.db, v)));
}

export const getVerification = async (ctx: AppContext, id: string) => present(ctx.db, await open(ctx, id));

/** POST /library/verifications/{id}/scans: records barcodes (a repeat changes nothing); 409 once closed. */
export async function scan(ctx: AppContext, p: Principal, id: string, barcodes: string[]) {
  const v = await open(ctx, id);
  if (v.status !== 'open') throw conflict(MSG.verificationClosed, 'VERIFICATION_CLOSED');
  const unique = [...new Set(barcodes)];
  const added = await repo.addScans(ctx.db, id, unique, p.user.id);
  // Closed between the read and the insert: nothing was taken.
  const now = await open(ctx, id);
  if (now.status !== 'open' && added === 0) throw conflict(MSG.verificationClosed, 'VERIFICATION_CLOSED');
  const lastCode = barcodes[barcodes.length - 1]!;
  const copy = await repo.copyOfBarcode(ctx.db, lastCode);
  const message = !copy ? MSG.verificationUnexpected : added === 0 ? MSG.verificationAlreadyScanned : MSG.verificationScanned;
  return { message, added, verification: await present(ctx.db, now), last: { barcode: lastCode, title: copy?.title ?? null, shelf: copy?.shelf ?? null, known: !!copy } };
}

/** GET /library/verifications/{id}/report: as it stands (open) or as it was closed. */
export async function report(ctx: AppContext, id: string): Promise<VerificationReport> {
  const v = await open(ctx, id);
  const frozen = v.report as Frozen | null;
  const r = frozen ?? (await repo.report(ctx.db, v));
  return { verification: await present(ctx.db, v), missing: r.missing, wrongShelf: r.wrongShelf, onLoan: r.onLoan, unexpected: r.unexpected } as VerificationReport;
}

/** POST /library/verifications/{id}/close: freezes the report; audited with its figures. 409 when closed already. */
export async function closeVerification(ctx: AppContext, p: Principal, id: string): Promise<Verification> {
  return ctx.db.transaction(async (tx) => {
    const v = await repo.findVerification(tx, id);
    if (!v) throw verificationNotFound();
    if (v.status !== 'open') throw conflict(MSG.verificationClosed, 'VERIFICATION_CLOSED');
    const r = await repo.report(tx, v);
    const frozen: Frozen = { ...r, ...(await repo.countsOf(tx, v)) } as Frozen;
    const closed = await repo.closeVerification(tx, id, p.user.id, frozen);
    if (!closed) throw conflict(MSG.verificationClosed, 'VERIFICATION_CLOSED');
    await audit.record(
      ctx,
      p,
      { action: 'library.verification_closed', target: { type: 'stock verification', id, label: v.shelf ?? 'Whole library' }, details: { expected: frozen.expected, scanned: frozen.scanned, missing: r.missing.length, wrongShelf: r.wrongShelf.length, onLoan: r.onLoan.length, unexpected: r.unexpected.length } },
      tx,
    );
    return present(tx, closed);
  });
}

/** The report as an .xlsx: one row per finding (Finding, Accession, Title, Shelf, Status). */
export async function reportXlsx(ctx: AppContext, id: string): Promise<{ filename: string; body: Buffer }> {
  const r = await report(ctx, id);
  const rows: Array<Array<string | number | null>> = [['Finding', 'Accession', 'Title', 'Shelf', 'Status']];
  for (const c of r.missing) rows.push(['Missing', c.accession, c.title, c.shelf, c.status]);
  for (const c of r.wrongShelf) rows.push(['Wrong shelf', c.accession, c.title, c.shelf, c.status]);
  for (const c of r.onLoan) rows.push(['On loan', c.accession, c.title, c.shelf, c.status]);
  for (const b of r.unexpected) rows.push(['Unexpected', b, null, null, null]);
  const name = `stock-verification-${(r.verification.shelf ?? 'library').replace(/[^A-Za-z0-9-]+/g, '-')}-${r.verification.startedAt.slice(0, 10)}.xlsx`;
  return { filename: name, body: xlsxOf(rows, 'Verification') };
}
