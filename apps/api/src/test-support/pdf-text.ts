import { extractTextItems } from 'unpdf';

/**
 * The text of each page of a PDF, as Mozilla's pdf.js reads it (what a viewer shows): one line per
 * non-empty text item. For tests that check what a generated PDF says. unpdf is pdf.js's own build
 * for servers, without the native canvas pdfjs-dist pulls in (74 MB of the install) for rendering.
 */
export async function pdfPageTexts(data: Buffer): Promise<string[]> {
  const { items } = await extractTextItems(new Uint8Array(data));
  return items.map((page) => page.flatMap((item) => (item.str ? [item.str] : [])).join('\n'));
}
