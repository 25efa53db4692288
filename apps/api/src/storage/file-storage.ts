import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded and generated files live (e-signature documents, résumés, logos): behind this
 * interface so a deployment can put them in an S3-compatible store instead of the local disk.
 * Keys are chosen by the product (`<tenantId>/<area>/<uuid>`), never by a user.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores the file at `path` under `key`, taking it: the file is moved, not copied, where it can be. */
  putFile(key: string, path: string): Promise<void>;
  /**
   * Runs `use` with a path on this machine holding the stored bytes (the local store's own file; an
   * object store would download a temporary copy), or answers null when nothing is stored under the key.
   */
  withFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T | null>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-zA-Z_-]+(\/[0-9a-zA-Z_.-]+)*$/;

export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The SHA-256 of a file, read in chunks: for files of megabytes on the request path, where reading
 * them whole into one buffer and hashing it would hold every other request, door taps included,
 * for tens of milliseconds.
 */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Bytes written between two fdatasyncs by writeDurably. */
const SYNC_EVERY_BYTES = 256 * 1024;

/**
 * Writes a new file (0600; refused if one exists) and makes it durable, flushing it every
 * SYNC_EVERY_BYTES as it goes. On ext4, whose journal commits wait for the data written before
 * them, one 10 MiB file flushed at once held the access daemon's journal syncs on the same disk,
 * and so the door taps waiting on them, for up to 47 ms at p99; a quarter MiB at a time holds them
 * no longer than the disk's own noise (issue 26, docs/decisions.md).
 */
export async function writeDurably(path: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void> {
  const file = await open(path, 'wx', 0o600);
  try {
    let unsynced = 0;
    for await (const chunk of chunks) {
      for (let at = 0; at < chunk.length; ) {
        const { bytesWritten } = await file.write(chunk, at, Math.min(chunk.length - at, SYNC_EVERY_BYTES - unsynced));
        at += bytesWritten;
        unsynced += bytesWritten;
        if (unsynced >= SYNC_EVERY_BYTES) {
          await file.datasync();
          unsynced = 0;
        }
      }
    }
    await file.datasync();
  } finally {
    await file.close();
  }
}

/** `target` holding the bytes, all or nothing: written durably under a temporary name, then renamed over it. */
async function replaceDurably(target: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void> {
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeDurably(temp, chunks);
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Makes a rename or a removal in `dir` durable. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** This process's directory for files on their way into storage (uploads as they arrive, signed copies as they are made): its own, 0700. */
export const SCRATCH_DIR = join(tmpdir(), `wfm-scratch-${process.pid}`);

/** A new name in SCRATCH_DIR (created on first use); whoever writes the file removes it or moves it into storage. */
export async function scratchPath(kind: string): Promise<string> {
  await mkdir(SCRATCH_DIR, { recursive: true, mode: 0o700 });
  return join(SCRATCH_DIR, `${kind}-${randomBytes(12).toString('hex')}`);
}

/**
 * Files under one directory (FILE_STORAGE_DIR; `files` under DATA_DIR in the all-in-one start).
 * A write goes to a temporary name first and is renamed into place, so a reader never sees half a
 * file; files are 0600 and directories 0700, as the mail drop's.
 */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) throw new Error(`Not a storage key: ${key}`);
    const full = resolve(join(this.root, key));
    if (!full.startsWith(this.root + sep)) throw new Error(`Not a storage key: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    await replaceDurably(target, [data]);
    await syncDirectory(dirname(target));
  }

  /** The file at `path` should already be durable (writeDurably); a copy across file systems is flushed here. */
  async putFile(key: string, path: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    try {
      await rename(path, target);
    } catch (err) {
      if ((err as { code?: string }).code !== 'EXDEV') throw err;
      await replaceDurably(target, createReadStream(path));
      await rm(path, { force: true });
    }
    await syncDirectory(dirname(target));
  }

  async withFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T | null> {
    const path = this.path(key);
    try {
      await access(path);
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return null;
      throw err;
    }
    return use(path);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
