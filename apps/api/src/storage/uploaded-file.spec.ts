import { expect } from 'chai';
import { sniffFile } from './uploaded-file.js';

describe('sniffFile (what an upload is, by its bytes)', () => {
  it('knows PDF, PNG, JPEG, DOCX and SVG by content', () => {
    expect(sniffFile(Buffer.from('%PDF-1.7\n...'))).to.equal('pdf');
    expect(sniffFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).to.equal('png');
    expect(sniffFile(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))).to.equal('jpeg');
    expect(sniffFile(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('..[Content_Types].xml..word/document.xml..')]))).to.equal('docx');
    expect(sniffFile(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).to.equal('svg');
  });

  it('finds a Word document by the part names at its end, as an upload keeps them', () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
    expect(sniffFile(zip, Buffer.from('central directory: [Content_Types].xml word/document.xml'))).to.equal('docx');
    expect(sniffFile(zip, Buffer.from('central directory: payload.exe'))).to.equal(null);
  });

  it('refuses what only looks right by name: a ZIP that is not a Word document, an executable, HTML, text', () => {
    expect(sniffFile(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('payload.exe')]))).to.equal(null);
    expect(sniffFile(Buffer.from('MZ\x90\x00'))).to.equal(null);
    expect(sniffFile(Buffer.from('<html><svg></svg></html>'))).to.equal(null);
    expect(sniffFile(Buffer.from('just text'))).to.equal(null);
  });
});
