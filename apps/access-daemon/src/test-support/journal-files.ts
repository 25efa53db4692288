import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { JournalLines } from '../audit/journal-lines.js';

/** The lines of a journal file as written (the zeros of space filled beforehand are not lines); none when there is no file. */
export function journalLineTexts(path: string): string[] {
  if (!existsSync(path)) return [];
  const lines = JournalLines.of(readFileSync(path));
  return Array.from({ length: lines.length }, (_, i) => lines.text(i));
}

/**
 * Bytes written right after the file's data, where the journal's next write would have gone: what
 * a write cut short by a crash leaves there (the first bytes of a row), or rows that were durable
 * before it.
 */
export function writeAfterData(path: string, text: string): void {
  const at = JournalLines.of(readFileSync(path)).dataEnd;
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, text, at);
  } finally {
    closeSync(fd);
  }
}
