import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a running `npm start` tells other programs on the machine about itself, in its data
 * directory: the CLI finds the embedded PostgreSQL through it whatever PORT the start was given.
 */
export interface InstanceRecord {
  pid: number;
  port: number;
  embeddedPgPort: number | null;
  startedAt: string;
}

const FILE = 'instance.json';

export function writeInstanceRecord(dataDir: string, record: InstanceRecord): void {
  writeFileSync(join(dataDir, FILE), `${JSON.stringify(record, null, 2)}\n`);
}

export function removeInstanceRecord(dataDir: string): void {
  rmSync(join(dataDir, FILE), { force: true });
}

/** The record of a start still running (its process alive), or null. */
export function readInstanceRecord(dataDir: string): InstanceRecord | null {
  let record: Partial<InstanceRecord>;
  try {
    record = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as Partial<InstanceRecord>;
  } catch {
    return null;
  }
  if (!Number.isInteger(record.pid) || !Number.isInteger(record.port)) return null;
  try {
    process.kill(record.pid!, 0);
  } catch (err) {
    // EPERM: alive, but another user's.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return { pid: record.pid!, port: record.port!, embeddedPgPort: Number.isInteger(record.embeddedPgPort) ? record.embeddedPgPort! : null, startedAt: String(record.startedAt) };
}
