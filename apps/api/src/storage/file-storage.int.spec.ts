import { access, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { LocalFileStorage, scratchPath, sha256Hex, sha256OfFile } from './file-storage.js';

describe('LocalFileStorage (the disk behind uploaded and generated files)', () => {
  let dir: string;
  let storage: LocalFileStorage;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wfm-files-'));
    storage = new LocalFileStorage(dir);
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  it('stores, reads back, replaces and deletes bytes under a key, owner-only', async () => {
    await storage.put('tenant-1/esign/doc-1.pdf', Buffer.from('first'));
    await storage.put('tenant-1/esign/doc-1.pdf', Buffer.from('second'));
    expect((await storage.get('tenant-1/esign/doc-1.pdf'))?.toString()).to.equal('second');
    expect((await stat(join(dir, 'tenant-1/esign/doc-1.pdf'))).mode & 0o777).to.equal(0o600);
    await storage.delete('tenant-1/esign/doc-1.pdf');
    expect(await storage.get('tenant-1/esign/doc-1.pdf')).to.equal(null);
    expect(await storage.get('tenant-1/never')).to.equal(null);
  });

  it('takes a file in by moving it, and lends the stored file by path; nothing under a missing key', async () => {
    const scratch = await scratchPath('test');
    await writeFile(scratch, 'moved in', { mode: 0o600 });
    await storage.putFile('tenant-1/esign/doc-2.pdf', scratch);
    await access(scratch).then(() => expect.fail('the scratch file is still there'), (err: NodeJS.ErrnoException) => expect(err.code).to.equal('ENOENT'));
    expect(await storage.withFile('tenant-1/esign/doc-2.pdf', async (path) => (await readFile(path, 'utf8')) + ` (${(await stat(path)).mode & 0o777})`)).to.equal(`moved in (${0o600})`);
    expect(await storage.withFile('tenant-1/nothing', async () => 'called')).to.equal(null);
    expect(await sha256OfFile(join(dir, 'tenant-1/esign/doc-2.pdf'))).to.equal(sha256Hex(Buffer.from('moved in')));
  });

  it('refuses keys that could leave its directory', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a/./b', '']) {
      await storage.put(key, Buffer.from('x')).then(
        () => expect.fail(`accepted ${key}`),
        (err: Error) => expect(err.message).to.match(/^Not a storage key/),
      );
    }
  });

  it('names content by its SHA-256', () => {
    expect(sha256Hex(Buffer.from('abc'))).to.equal('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
