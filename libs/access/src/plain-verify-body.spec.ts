import { expect } from 'chai';
import { findUnsafeText } from '@wfm/core/validation';
import { plainVerifyBody, VerifyBody } from './door-contract.js';

/** What the schema path accepts: the body check for unsafe text, then VerifyBody. */
const schemaAccepts = (body: unknown) => findUnsafeText(body) === null && VerifyBody.safeParse(body).success;

const usual = [
  { credentialId: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiIxIn0.c2ln', readerId: 'front-door-1' },
  { credentialId: 'x'.repeat(4096), readerId: 'r'.repeat(100), source: 's'.repeat(40) },
  { readerId: 'lobby' },
  {},
  { credentialId: 'naïve ünïcode 🚪', source: 'BRIDGE_BLE' },
];
const other: unknown[] = [
  null,
  [],
  'credential',
  42,
  { credentialId: 'x'.repeat(4097) },
  { readerId: 'r'.repeat(101) },
  { source: 's'.repeat(41) },
  { credentialId: 'a\nb' },
  { readerId: 'tab\there' },
  { source: 'del\u007f' },
  { readerId: 'c1\u0085' },
  { credentialId: 'lone \ud800 surrogate' },
  { credentialId: 7 },
  { readerId: null },
  { readerId: { nested: 'x' } },
  { extra: 'field' },
  JSON.parse('{"__proto__": "x", "readerId": "a"}'),
  JSON.parse('{"constructor": "x"}'),
];

describe('plainVerifyBody: the usual verify body without the schema', () => {
  it('takes every usual body as it is, and the schema path takes each too', () => {
    for (const body of usual) {
      expect(plainVerifyBody(body), JSON.stringify(body)).to.equal(body);
      expect(schemaAccepts(body), JSON.stringify(body)).to.equal(true);
    }
  });

  it('leaves everything else to the schema, which refuses each', () => {
    for (const body of other) {
      expect(plainVerifyBody(body), JSON.stringify(body)).to.equal(null);
      expect(schemaAccepts(body), JSON.stringify(body)).to.equal(false);
    }
  });
});
