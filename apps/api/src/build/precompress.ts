import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODINGS, compress, SUFFIX, worthCompressing } from '@wfm/core/codings';

/**
 * Writes `name.br` and `name.gz` beside each text file (or each text file under a folder) that is
 * worth compressing, for EncodedBody.fromFile (and nginx's gzip_static) to send as they are. A
 * coding that would not shrink the file is not written.
 */
export async function precompress(path: string): Promise<number> {
  const files = (await stat(path)).isDirectory()
    ? (await readdir(path, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
    : [path];
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (!worthCompressing(file, data.length)) return;
      for (const coding of CODINGS) {
        const encoded = await compress(data, coding);
        if (encoded.length >= data.length) continue;
        await writeFile(file + SUFFIX[coding], encoded);
        written++;
      }
    }),
  );
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const path of process.argv.slice(2)) console.log(`precompress: ${await precompress(path)} files written under ${path}`);
}
