import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readInstanceRecord, removeInstanceRecord, writeInstanceRecord } from './instance-record.js';

describe("npm start's instance record", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'wfm-instance-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back what a running start wrote, and nothing once it is removed', () => {
    const record = { pid: process.pid, port: 4000, embeddedPgPort: 55329, startedAt: '2026-11-27T10:00:00.000Z' };
    writeInstanceRecord(dir, record);
    expect(readInstanceRecord(dir)).to.deep.equal(record);
    removeInstanceRecord(dir);
    expect(readInstanceRecord(dir)).to.equal(null);
  });

  it("ignores the record of a start whose process is gone, and one that is not a record", () => {
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeInstanceRecord(dir, { pid: Number(ended.stdout), port: 4000, embeddedPgPort: 55329, startedAt: '2026-11-27T10:00:00.000Z' });
    expect(readInstanceRecord(dir)).to.equal(null);
    writeFileSync(join(dir, 'instance.json'), '{"pid":"me"');
    expect(readInstanceRecord(dir)).to.equal(null);
  });
});
