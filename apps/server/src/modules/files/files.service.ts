import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { MSG } from '@crs/shared/messages';
import { ADMINS, hasAnyRole } from '@crs/shared/roles';
import { FILE_RULES } from '@crs/shared/schemas/files';
import type { FilePurpose, FileRef } from '@crs/shared/schemas/files';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { FileStore } from '../../lib/storage.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/access.ts';
import * as repo from './files.repository.ts';
import type { FileRow } from './files.repository.ts';

// Files: the records of uploaded and generated files, their bytes in the context's store
// (lib/storage.ts), and who may read each one. Other modules keep a file's id and call these.

export type { FileRow };

/** Files anyone holding the address may open: avatars and the institution's logo (shown on the sign-in page). */
const PUBLIC_PURPOSES = new Set<FilePurpose>(['avatar', 'logo']);

/** Decides whether a signed-in user may read a file of a purpose (besides its owner and admins). */
export type FileReadCheck = (ctx: AppContext, principal: Principal, file: FileRow) => Promise<boolean>;
const readChecks = new Map<FilePurpose, FileReadCheck>();

/**
 * The module that owns a purpose's files says who else may read them (materials: the subject's
 * students). Without a check only the owner and Admin/SuperAdmin may; avatars anyone may.
 */
export function allowReaders(purpose: FilePurpose, check: FileReadCheck): void {
  readChecks.set(purpose, check);
}

/** The address of a file in answers: avatars plain, others signed for `ttlSeconds` when asked. */
export const fileUrl = (id: string) => `/api/v1/files/${id}`;

const MiB = 1024 * 1024;
const describeBytes = (n: number) => (n % MiB === 0 ? `${n / MiB} MiB` : `${Math.round(n / 1024)} KiB`);

/** What file-type calls the legacy Office (OLE2) container; the name's extension says which. */
const LEGACY_OFFICE: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint' };

/**
 * A file's real type from its bytes, checked against what the purpose accepts; the stored name
 * keeps the user's base name with the real type's extension (never a name that claims another
 * type). Refused: 413 over the purpose's size, 415 for a type it does not take.
 */
export async function checkUpload(purpose: FilePurpose, bytes: Buffer, filename: string): Promise<{ mimeType: string; filename: string }> {
  const rule = FILE_RULES[purpose];
  if (bytes.length > rule.maxBytes) throw fileTooLarge(purpose);
  if (bytes.length === 0) throw new AppError(400, 'FILE_REQUIRED', MSG.fileRequired);
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !rule.types.includes(found.ext)) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', MSG.fileTypeRefused(acceptedNames(purpose)));
  const base = safeBaseName(filename);
  const given = /\.([A-Za-z0-9]{1,8})$/.exec(base)?.[1]?.toLowerCase();
  if (found.ext === 'cfb') {
    const ext = given && LEGACY_OFFICE[given] ? given : 'doc';
    return { mimeType: LEGACY_OFFICE[ext]!, filename: given === ext ? base : `${base}.${ext}` };
  }
  const same = given === found.ext || (found.ext === 'jpg' && given === 'jpeg');
  return { mimeType: found.mime, filename: same ? base : `${base}.${found.ext}` };
}

/** The 413 of a purpose's size limit (an upload reader that stopped at the limit throws it too). */
export const fileTooLarge = (purpose: FilePurpose) => new AppError(413, 'FILE_TOO_LARGE', MSG.fileTooLarge(describeBytes(FILE_RULES[purpose].maxBytes)));

/** The upload form's file for `purpose`: 413 over the purpose's limit, 400 when none came or it is empty. */
export function requiredUpload<F extends { bytes: Buffer; tooLarge: boolean }>(purpose: FilePurpose, file: F | undefined): F {
  if (file?.tooLarge) throw fileTooLarge(purpose);
  if (!file || file.bytes.length === 0) throw new AppError(400, 'FILE_REQUIRED', MSG.fileRequired);
  return file;
}

function acceptedNames(purpose: FilePurpose): string {
  const names: Record<string, string> = { jpg: 'JPEG', png: 'PNG', webp: 'WebP', gif: 'GIF', pdf: 'PDF', cfb: 'DOC/XLS/PPT', zip: 'ZIP' };
  return [...new Set(FILE_RULES[purpose].types.map((t) => names[t] ?? t.toUpperCase()))].join(', ');
}

/** A user's file name reduced to a plain base name: no folders, no control characters, ≤ 150. */
function safeBaseName(filename: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (base || 'file').slice(-150);
}

/**
 * Keeps an upload: checks it (checkUpload), writes the bytes to the store, then records them.
 * The record is written in `tx` when given; if it cannot be, the bytes are removed again.
 */
export async function saveUpload(
  ctx: AppContext,
  input: { purpose: FilePurpose; ownerId: string; bytes: Buffer; filename: string },
  tx: Executor = ctx.db,
): Promise<FileRow> {
  const checked = await checkUpload(input.purpose, input.bytes, input.filename);
  return record(ctx, { ...input, ...checked }, tx);
}

/** Keeps a file the server made itself (an ID card), of a known type. */
export function saveGenerated(
  ctx: AppContext,
  input: { ownerId: string; bytes: Buffer; filename: string; mimeType: 'image/png' | 'application/pdf' },
  tx: Executor = ctx.db,
): Promise<FileRow> {
  return record(ctx, { ...input, purpose: 'generated' }, tx);
}

async function record(
  ctx: AppContext,
  input: { purpose: FilePurpose; ownerId: string; bytes: Buffer; filename: string; mimeType: string },
  tx: Executor,
): Promise<FileRow> {
  const storageKey = await ctx.store.put(input.bytes);
  try {
    return await repo.insertFile(tx, {
      purpose: input.purpose,
      ownerId: input.ownerId,
      storageKey,
      filename: input.filename,
      mimeType: input.mimeType,
      size: input.bytes.length,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
    });
  } catch (err) {
    await ctx.store.remove(storageKey);
    throw err;
  }
}

/** Removes a file: its record, then its bytes. Call after the transaction that dropped its use. */
export async function removeFile(ctx: AppContext, id: string): Promise<void> {
  const row = await repo.deleteFile(ctx.db, id);
  if (row) await ctx.store.remove(row.storageKey);
}

/** Removes the owner's files of a purpose but `keepId` (the avatar just set), or all of them. */
export async function removeOwnerFiles(ctx: AppContext, ownerId: string, purpose: FilePurpose, keepId?: string): Promise<void> {
  for (const old of await repo.deleteOwnerFiles(ctx.db, ownerId, purpose, keepId)) await ctx.store.remove(old.storageKey);
}

/** Bytes younger than this are never swept: an upload writes its bytes before its row commits. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes bytes no file row names and that are older than `minAgeMs`: what a crash between the
 * bytes and the row, a failed restore, or a restore of an older backup (decision 0007) left in
 * the store. Returns how many were removed.
 */
export async function sweepOrphanBytes(ctx: AppContext, minAgeMs = ORPHAN_MIN_AGE_MS): Promise<number> {
  const cutoff = Date.now() - minAgeMs;
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const kept = await repo.keptKeys(ctx.db, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await ctx.store.remove(key);
      removed++;
    }
    batch = [];
  };
  for await (const { key, writtenAt } of ctx.store.list()) {
    if (writtenAt.getTime() > cutoff) continue;
    batch.push(key);
    if (batch.length >= 500) await sweep();
  }
  await sweep();
  return removed;
}

/** Records of several files by id, keyed by id (unknown ids are absent). */
export const findFiles = async (ctx: AppContext, ids: string[]): Promise<Map<string, FileRow>> => new Map((await repo.findFiles(ctx.db, [...new Set(ids)])).map((f) => [f.id, f]));

/**
 * A file's record and bytes for a module that has already decided the reader may have them (an ID
 * card's own route, the card renderer reading an avatar). Undefined when the record or bytes are gone.
 */
export async function openChecked(ctx: AppContext, id: string): Promise<{ file: FileRow; stream: Readable } | undefined> {
  const file = await repo.findFile(ctx.db, id);
  if (!file) return undefined;
  const stream = await ctx.store.open(file.storageKey);
  return stream ? { file, stream } : undefined;
}

/** A file's bytes whole (small files only: an avatar for the ID card), or undefined. */
export async function readBytes(ctx: AppContext, id: string): Promise<{ file: FileRow; bytes: Buffer } | undefined> {
  const opened = await openChecked(ctx, id);
  if (!opened) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return { file: opened.file, bytes: Buffer.concat(chunks) };
}

/** The id of a file from its address (`/api/v1/files/<id>`, as a user's avatar is kept), or undefined. */
export function fileIdOfUrl(url: string | null | undefined): string | undefined {
  return /^\/api\/v1\/files\/([0-9a-f-]{36})(?:\?|$)/i.exec(url ?? '')?.[1];
}

// Signed links: a reader who was shown a file in an answer (a document list) gets an address that
// opens it for a while without a bearer token, so it works in a new tab or an <a download>.

const linkKeys = new WeakMap<Uint8Array, Buffer>();
function linkKey(ctx: AppContext): Buffer {
  let key = linkKeys.get(ctx.config.jwtSecret);
  if (!key) {
    key = createHmac('sha256', ctx.config.jwtSecret).update('crs file links v1').digest();
    linkKeys.set(ctx.config.jwtSecret, key);
  }
  return key;
}
const linkMac = (ctx: AppContext, id: string, exp: number) => createHmac('sha256', linkKey(ctx)).update(`${id}.${exp}`).digest('base64url');

/**
 * A signed link parameter (`<exp>.<mac>`) for any subject a module names (an ID card: `idcard:<id>`),
 * valid for `ttlSeconds`; check it with `linkValid`. File ids are bare uuids, so subjects never collide.
 */
export function signLink(ctx: AppContext, subject: string, ttlSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  return `${exp}.${linkMac(ctx, subject, exp)}`;
}

/** An address that opens file `id` for `ttlSeconds` (default 1 hour) without signing in. */
export function signedFileUrl(ctx: AppContext, id: string, ttlSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  return `${fileUrl(id)}?t=${exp}.${linkMac(ctx, id, exp)}`;
}

/** True when `t` is an unexpired signed link for `id` (a file id or a module's subject). */
export function linkValid(ctx: AppContext, id: string, t: string): boolean {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(t);
  if (!m) return false;
  const exp = Number(m[1]);
  if (exp <= Math.floor(Date.now() / 1000)) return false;
  const expected = Buffer.from(linkMac(ctx, id, exp));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A file as answers describe it; `signed` gives a link that opens it without a token. */
export function presentFile(ctx: AppContext, row: FileRow, signed = false): FileRef {
  return {
    _id: row.id,
    filename: row.filename,
    mimeType: row.mimeType,
    size: row.size,
    url: signed ? signedFileUrl(ctx, row.id) : fileUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Signed references of some files, by id, for answers that link them (a file that is gone is left out). */
export const signedRefs = async (ctx: AppContext, ids: string[]): Promise<Map<string, FileRef>> =>
  new Map([...(await findFiles(ctx, ids)).values()].map((f) => [f.id, presentFile(ctx, f, true)]));

/**
 * Opens a file for a reader: with a valid signed link, or an avatar, anyone; otherwise the signed-in
 * owner, Admin/SuperAdmin, or whoever the purpose's module allows. 404 for an unknown id (and for a
 * record whose bytes are gone), 401 without a user, 403 for a user without access.
 */
export async function openFile(ctx: AppContext, id: string, reader: { principal: Principal | undefined; link: string | undefined }): Promise<{ file: FileRow; stream: Readable }> {
  const file = await repo.findFile(ctx.db, id);
  if (!file) throw notFound(MSG.fileNotFound, 'FILE_NOT_FOUND');
  if (reader.link !== undefined && !linkValid(ctx, id, reader.link)) throw new AppError(403, 'FILE_LINK_INVALID', MSG.fileLinkInvalid);
  if (reader.link === undefined && !PUBLIC_PURPOSES.has(file.purpose)) {
    const p = reader.principal;
    if (!p) throw unauthorized();
    const allowed = file.ownerId === p.user.id || hasAnyRole(p.user.roles, ADMINS) || ((await readChecks.get(file.purpose)?.(ctx, p, file)) ?? false);
    if (!allowed) throw forbidden();
  }
  const stream = await ctx.store.open(file.storageKey);
  if (!stream) throw notFound(MSG.fileNotFound, 'FILE_NOT_FOUND');
  return { file, stream };
}

// Moving the bytes between stores (files:migrate, decision 0049).

/** What a move of every file's bytes to another store did. */
export type FileMove = { total: number; copied: number; alreadyThere: number; bytesCopied: number; missing: string[]; mismatched: string[] };

/** The SHA-256 of a stream, read to its end. */
async function sha256Of(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

/** Passes a stream on while hashing what goes through. */
async function* hashing(stream: AsyncIterable<Uint8Array>, hash: Hash): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream) {
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * Copies the bytes of every file with a record from the context's store to `target`, under the
 * same keys, one file at a time as streams. Resumable: a file whose bytes the target already
 * holds with the record's SHA-256 is left as it is; anything else there is written again. Each
 * copy is read back from the target and its SHA-256 checked against the record. A failure of
 * either store stops the move (run it again to resume); bytes missing from the source, or a copy
 * whose checksum differs, are listed and the move goes on. `print` gets a progress line now and then.
 */
export async function moveFileBytes(ctx: AppContext, target: FileStore, print: (line: string) => void): Promise<FileMove> {
  const source = ctx.store;
  const move: FileMove = { total: await repo.countFiles(ctx.db), copied: 0, alreadyThere: 0, bytesCopied: 0, missing: [], mismatched: [] };
  let done = 0;
  let lastPrint = Date.now();
  let after: string | undefined;
  for (;;) {
    const page = await repo.filesAfter(ctx.db, after, 200);
    if (page.length === 0) break;
    for (const file of page) {
      const existing = await target.open(file.storageKey);
      if (existing && (await sha256Of(existing)) === file.sha256) {
        move.alreadyThere++;
      } else {
        const from = await source.open(file.storageKey);
        if (!from) {
          move.missing.push(file.storageKey);
        } else {
          const read = createHash('sha256');
          await target.putAt(file.storageKey, hashing(from, read));
          const back = await target.open(file.storageKey);
          const written = back ? await sha256Of(back) : undefined;
          if (written === file.sha256) {
            move.copied++;
            move.bytesCopied += file.size;
          } else {
            move.mismatched.push(`${file.storageKey} (record ${file.sha256.slice(0, 12)}…, source ${read.digest('hex').slice(0, 12)}…, copy ${written?.slice(0, 12) ?? 'none'}…)`);
          }
        }
      }
      done++;
      if (Date.now() - lastPrint >= 2000 || done === move.total) {
        lastPrint = Date.now();
        print(`${done}/${move.total} files: ${move.copied} copied (${(move.bytesCopied / 1048576).toFixed(1)} MiB), ${move.alreadyThere} already there`);
      }
    }
    after = page[page.length - 1]!.id;
  }
  return move;
}
