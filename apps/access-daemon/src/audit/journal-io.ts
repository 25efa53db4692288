import { close as closeFd, constants, open as openFd, write as writeFd } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/** The audit journal's file operations, each one trip to the thread pool or a few. */

/**
 * The current file is opened O_DSYNC: each write returns once its data is on disk, as a write
 * followed by fdatasync would, in one trip to the thread pool instead of two.
 */
const WRITE_DURABLY = constants.O_WRONLY | constants.O_CREAT | constants.O_DSYNC;

export function openForWrite(path: string): Promise<number> {
  return new Promise((resolve, reject) => openFd(path, WRITE_DURABLY, 0o600, (err, fd) => (err ? reject(err) : resolve(fd))));
}

const ZEROS = Buffer.alloc(256 * 1024);

/** `path` created (or emptied, mode 0600), filled by `fill`, and synced before it resolves. */
async function writtenDurably(path: string, fill: (h: FileHandle) => Promise<void>): Promise<void> {
  const h = await open(path, 'w', 0o600);
  try {
    await fill(h);
    await h.datasync();
  } finally {
    await h.close();
  }
}

/** `path` holding `bytes` zero bytes, durably. */
export function zeroFilled(path: string, bytes: number): Promise<void> {
  return writtenDurably(path, async (h) => {
    for (let at = 0; at < bytes; at += ZEROS.length) await h.write(ZEROS, 0, Math.min(ZEROS.length, bytes - at), at);
  });
}

/** `path` holding exactly `bytes`, durably. */
export function fileDurably(path: string, bytes: Buffer): Promise<void> {
  return writtenDurably(path, async (h) => {
    await h.write(bytes);
  });
}

/**
 * One write of the whole buffer at `position`. Two writes can be under way at once, each into the
 * range taken for it, so a short write (a full disk) is not continued: it fails, and the taps it
 * carried are answered as not written.
 */
export function writeWhole(fd: number, bytes: Buffer, position: number): Promise<void> {
  return new Promise((resolve, reject) =>
    writeFd(fd, bytes, 0, bytes.length, position, (err, written) => {
      if (err) reject(err);
      else if (written < bytes.length) reject(new Error(`short journal write: ${written} of ${bytes.length} bytes`));
      else resolve();
    }),
  );
}

export function closeQuietly(fd: number): Promise<void> {
  return new Promise((resolve) => closeFd(fd, () => resolve()));
}
