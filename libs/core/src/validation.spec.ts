import { expect } from 'chai';
import { z } from 'zod';
import { BadRequestError } from './errors.js';
import { findUnsafeText, parseOrThrow, singleLine } from './validation.js';

function messages(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(BadRequestError);
    return (err as BadRequestError).body().message as string[];
  }
  throw new Error('expected a BadRequestError');
}

describe('parseOrThrow: the one text rule', () => {
  const schema = z.object({ name: z.string(), tags: z.array(z.string()).optional(), meta: z.record(z.string(), z.string()).optional() });

  it('refuses a NUL byte in a field, naming the field', () => {
    expect(messages(() => parseOrThrow(schema, { name: 'a\u0000b' }))).to.deep.equal(['name must not contain control characters or invalid Unicode']);
  });

  it('refuses a lone surrogate, in array items and in object keys too', () => {
    expect(messages(() => parseOrThrow(schema, { name: 'ok', tags: ['x', 'bad\ud800'] }))).to.deep.equal(['tags.1 must not contain control characters or invalid Unicode']);
    expect(messages(() => parseOrThrow(schema, { name: 'ok', meta: { 'k\u0001': 'v' } }))).to.deep.equal(['meta.k\u0001 must not contain control characters or invalid Unicode']);
  });

  it('keeps tabs, line breaks and paired surrogates (emoji) in free text', () => {
    expect(parseOrThrow(schema, { name: 'line one\n\tline two\r\n😀' }).name).to.equal('line one\n\tline two\r\n😀');
  });

  it('finds nothing unsafe in numbers, booleans and null', () => {
    expect(findUnsafeText({ a: 1, b: true, c: null, d: [2, 'x'] })).to.equal(null);
  });

  it('singleLine refuses every control character, line breaks and C1 included', () => {
    const s = z.object({ id: singleLine(20) });
    expect(messages(() => parseOrThrow(s, { id: 'a\nb' }))).to.deep.equal(['id must not contain control characters']);
    expect(messages(() => parseOrThrow(s, { id: 'a\u0085b' }))).to.deep.equal(['id must not contain control characters']);
    expect(parseOrThrow(s, { id: 'reader-1 door A' }).id).to.equal('reader-1 door A');
  });
});
