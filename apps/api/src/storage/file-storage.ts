import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded and generated files live (e-signature documents, résumés, logos): behind this
 * interface so a deployment can put them in an S3-compatible store instead of the local disk.
 * Keys are chosen by the product (`<tenantId>/<area>/<uuid>`), never by a user.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-zA-Z_-]+(\/[0-9a-zA-Z_.-]+)*$/;

export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The same, computed on libuv's thread pool (WebCrypto's digest): for files of megabytes on the
 * request path, where a synchronous hash would hold every other request, door taps included, for
 * tens of milliseconds.
 */
export async function sha256HexOffLoop(data: Buffer): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', data)).toString('hex');
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
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, data, { mode: 0o600 });
    await rename(temp, target);
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
