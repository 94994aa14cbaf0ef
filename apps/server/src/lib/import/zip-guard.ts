import { inflateRawSync } from 'node:zlib';
import { MSG } from '@crs/shared/messages';
import { AppError } from '../errors.ts';

/** Zip-bomb limits for a spreadsheet (quality.md): entries, bytes once inflated, inflated/packed ratio. */
export const ZIP_MAX_ENTRIES = 1000;
export const ZIP_MAX_INFLATED_BYTES = 50 * 1024 * 1024;
export const ZIP_MAX_RATIO = 100;

const refuse = () => new AppError(415, 'SPREADSHEET_REFUSED', MSG.importSpreadsheetRefused);

/**
 * Refuses an .xlsx that would unpack into too much before any spreadsheet code sees it: reads the
 * zip's central directory itself, then inflates every entry with a hard output cap, so sizes a
 * bomb lies about in its headers count for nothing. Throws 415 with a clear message.
 */
export function checkZip(buf: Buffer): void {
  // End of central directory: 22 bytes plus a comment of up to 64 KiB, at the very end.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw refuse();
  const entries = buf.readUInt16LE(eocd + 10);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  // 0xffff / 0xffffffff mean a Zip64 archive: no 5 MiB spreadsheet needs one.
  if (entries === 0xffff || dirOffset === 0xffffffff || entries > ZIP_MAX_ENTRIES) throw refuse();

  let inflated = 0;
  let at = dirOffset;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw refuse();
    const method = buf.readUInt16LE(at + 10);
    const packed = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw refuse();
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (dataStart + packed > buf.length) throw refuse();
    const data = buf.subarray(dataStart, dataStart + packed);
    if (method === 0) inflated += packed;
    else if (method === 8) {
      try {
        inflated += inflateRawSync(data, { maxOutputLength: ZIP_MAX_INFLATED_BYTES - inflated + 1 }).length;
      } catch {
        throw refuse(); // over the cap (RangeError) or not a deflate stream
      }
    } else throw refuse();
    if (inflated > ZIP_MAX_INFLATED_BYTES) throw refuse();
    at = next;
  }
  if (inflated > ZIP_MAX_RATIO * buf.length) throw refuse();
}
