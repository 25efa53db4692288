import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AccessSnapshot } from './access-cache.js';

const FORMAT = 'wfm-access-cache';
const VERSION = 1;
/**
 * Rows serialised, hashed and written at a time: each piece is a trip to the thread pool, so the
 * doors are answered between pieces. The whole body as one string was joined, hashed, copied
 * behind its header and encoded in one turn of the event loop: about 25 ms with 50,000 grants
 * (12 MB), on every change to the cache.
 */
const CHUNK = 2000;
/**
 * The header line's room at the start of the file, written last (once the body's hash is known)
 * and padded with spaces, which JSON allows. Its fields have fixed widths: about 150 bytes.
 */
const HEADER_BYTES = 256;

/**
 * `.data/access-audit-spool.ndjson` → `.data/access-audit-spool.cache-snapshot`: named after the
 * daemon's journal, as its quarantine is, so that two daemons whose journals share a folder never
 * share a cache.
 */
export function snapshotPathFor(spoolPath: string): string {
  return `${spoolPath.replace(/\.ndjson$/, '')}.cache-snapshot`;
}

/** The cache as it was at `syncedAt` (when it last matched the database). */
export interface StoredSnapshot {
  snapshot: AccessSnapshot;
  syncedAt: number;
}

export class SnapshotUnreadable extends Error {
  constructor(path: string, why: string) {
    super(`access cache snapshot ${path} is unusable: ${why}`);
    this.name = 'SnapshotUnreadable';
  }
}

interface Header {
  format: string;
  version: number;
  syncedAt: string;
  writtenAt: string;
  sha256: string;
}

type Kind = Exclude<keyof AccessSnapshot, 'versions'>;
const KINDS: readonly Kind[] = ['tenants', 'readerKeys', 'zones', 'grants', 'users', 'passes', 'signingKeys'];

/**
 * The daemon's last known cache on its own disk, so that a restart while the database and Redis
 * are out of reach still opens doors. One file: a header line (format, when the cache last matched
 * the database, the SHA-256 of the body) and the body, the rows the cache was built from with the
 * feed versions they reflect. Written to a temporary file, fdatasync'd and renamed over the old one
 * (a crash leaves the old file or the new one, never half of either), readable by its owner only:
 * it names people and holds the hashes of reader-bridge keys. It holds nothing secret beyond those
 * hashes: public signing keys, no private key, no email.
 */
export class CacheSnapshotFile {
  constructor(readonly path: string) {}

  async write(snapshot: AccessSnapshot, syncedAt: number, now: Date): Promise<void> {
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    const file = await open(tmp, 'w', 0o600);
    try {
      const hash = createHash('sha256');
      let at = HEADER_BYTES;
      const put = async (text: string) => {
        const bytes = Buffer.from(text);
        hash.update(bytes);
        await file.write(bytes, 0, bytes.length, at);
        at += bytes.length;
      };
      let text = '{';
      for (const kind of KINDS) {
        const rows = snapshot[kind] as readonly unknown[];
        text += `${JSON.stringify(kind)}:[`;
        for (let i = 0; i < rows.length; i += CHUNK) {
          text += `${i ? ',' : ''}${rows.slice(i, i + CHUNK).map((r) => JSON.stringify(r)).join(',')}`;
          await put(text);
          text = '';
        }
        text += '],';
      }
      await put(`${text}"versions":${JSON.stringify([...snapshot.versions])}}`);
      const header: Header = { format: FORMAT, version: VERSION, syncedAt: new Date(syncedAt).toISOString(), writtenAt: now.toISOString(), sha256: hash.digest('hex') };
      await file.write(`${JSON.stringify(header).padEnd(HEADER_BYTES - 1)}\n`, 0);
      await file.datasync();
    } finally {
      await file.close();
    }
    await rename(tmp, this.path);
    // The rename itself must survive a power cut: the directory entry is synced too.
    const dir = await open(dirname(this.path), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }

  /**
   * The stored cache; null when there is none; SnapshotUnreadable when the file is torn, altered or
   * of another format. The checksum is of the bytes as stored, hashed before they are decoded; rows
   * get their dates in place rather than as copies (50,000 grants are 50,000 objects fewer to
   * collect during a start).
   */
  async read(): Promise<StoredSnapshot | null> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const newline = bytes.indexOf(0x0a);
    if (newline < 0) throw new SnapshotUnreadable(this.path, 'no header');
    let header: Header;
    try {
      header = JSON.parse(bytes.toString('utf8', 0, newline)) as Header;
    } catch {
      throw new SnapshotUnreadable(this.path, 'the header is not JSON');
    }
    if (header.format !== FORMAT || header.version !== VERSION) throw new SnapshotUnreadable(this.path, `format ${String(header.format)} ${String(header.version)} is not ${FORMAT} ${VERSION}`);
    const body = bytes.subarray(newline + 1);
    if (createHash('sha256').update(body).digest('hex') !== header.sha256) throw new SnapshotUnreadable(this.path, 'its checksum does not match (torn or altered)');
    const raw = JSON.parse(body.toString('utf8')) as Record<Kind, Array<Record<string, unknown>>> & { versions: Array<[string, number]> };
    const dates = (rows: Array<Record<string, unknown>>, fields: readonly string[]) => {
      for (const row of rows) for (const f of fields) row[f] = row[f] === null || row[f] === undefined ? null : new Date(row[f] as string);
      return rows;
    };
    return {
      syncedAt: Date.parse(header.syncedAt),
      snapshot: {
        tenants: raw.tenants as unknown as AccessSnapshot['tenants'],
        readerKeys: raw.readerKeys as unknown as AccessSnapshot['readerKeys'],
        zones: raw.zones as unknown as AccessSnapshot['zones'],
        grants: dates(raw.grants, ['expiresAt']) as unknown as AccessSnapshot['grants'],
        users: raw.users as unknown as AccessSnapshot['users'],
        passes: dates(raw.passes, ['expiresAt', 'revokedAt']) as unknown as AccessSnapshot['passes'],
        signingKeys: dates(raw.signingKeys, ['retiredAt']) as unknown as AccessSnapshot['signingKeys'],
        versions: new Map(raw.versions),
      },
    };
  }
}
