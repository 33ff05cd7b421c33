import { Level } from 'level';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A local store directory that cannot be used, with what to do about it in the message. */
export class StoreDirectoryError extends Error {}

const LOCK_FILE = 'server.lock';

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the directory for this process: one store process a directory, since two would each keep
 * their own view of the same files. A lock left by a process that died (a SIGKILL, a crash) is taken over.
 * Returns the release.
 */
export const claimStoreDirectory = (path: string): (() => void) => {
  if (existsSync(path) && !statSync(path).isDirectory()) {
    throw new StoreDirectoryError(`${path} is a file, not a directory: set NAMEDAY_DATA_DIR to a directory for the local store.`);
  }
  mkdirSync(path, { recursive: true });
  const lock = join(path, LOCK_FILE);
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lock, 'utf8'));
    if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
      throw new StoreDirectoryError(
        `Another process (pid ${holder}) is using the local store in ${path}. Stop it first, or set NAMEDAY_DATA_DIR to another directory.`,
      );
    }
    writeFileSync(lock, String(process.pid));
  }
  return () => rmSync(lock, { force: true });
};

/** Opens the store's database once, so a damaged or unreadable one fails here, with a message, and not later in dynalite. */
export const checkStoreOpens = async (path: string): Promise<void> => {
  const db = new Level(path);
  try {
    await db.open();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new StoreDirectoryError(
      `The local store in ${path} cannot be opened (${cause}). Move the directory away, or delete it, to start with a fresh store.`,
    );
  } finally {
    await db.close();
  }
};
