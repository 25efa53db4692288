import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js reads the metrics of the standard 14 fonts from files it ships. */
const STANDARD_FONTS = `${pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')).href}/`;

/**
 * The text of each page of a PDF, as Mozilla's pdf.js reads it (what a viewer shows): one line per
 * non-empty text item. For tests that check what a generated PDF says.
 */
export async function pdfPageTexts(data: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(data), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= pdf.numPages; i++) {
      const content = await (await pdf.getPage(i)).getTextContent();
      pages.push(content.items.flatMap((item) => ('str' in item && item.str ? [item.str] : [])).join('\n'));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
