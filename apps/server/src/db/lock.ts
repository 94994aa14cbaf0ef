import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another CRS process (pid ${pid}). ` +
        'Stop that process first, or point CRS_DATA_DIR at another directory.',
    );
  }
}

export type DataDirLock = { release(): void; file: string };

/** Returns the pid holding the lock, or undefined when nobody alive holds it. */
export function lockHolder(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'crs.lock');
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/**
 * Takes the embedded database's lock: one process per data directory. The file is created
 * atomically (O_EXCL); a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'crs.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release, file };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dataDir);
      if (holder !== undefined && holder !== process.pid) throw new DataDirLockedError(dataDir, holder);
      try {
        unlinkSync(file); // stale: its process is gone
      } catch {
        /* someone else removed it first; retry */
      }
    }
  }
  throw new DataDirLockedError(dataDir, lockHolder(dataDir) ?? -1);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
