import { expect } from 'chai';
import { parseFilter } from './scim.filter.js';
import { applyPatch, type ScimPerson } from './scim.patch.js';

const person: ScimPerson = { userName: 'ann@acme.test', givenName: 'Ann', familyName: 'Baker', formatted: 'Ann Baker', email: 'ann@acme.test', mobile: null, active: true, externalId: '00u1', employeeNumber: null };

describe('SCIM filters and PatchOp', () => {
  it('reads the filters Okta and Entra ID send', () => {
    expect(parseFilter('userName eq "ann@acme.test"')).to.deep.equal({ attr: 'userName', value: 'ann@acme.test' });
    expect(parseFilter('USERNAME eq "a\\"b"')).to.deep.equal({ attr: 'userName', value: 'a"b' });
    expect(parseFilter('emails[type eq "work"].value eq "ann@acme.test"')).to.deep.equal({ attr: 'email', value: 'ann@acme.test' });
    expect(parseFilter('externalId eq "00u1"')).to.deep.equal({ attr: 'externalId', value: '00u1' });
    expect(parseFilter('active eq false')).to.deep.equal({ attr: 'active', value: false });
    for (const bad of ['userName co "a"', 'title eq "x"', 'active eq "yes"', 'userName eq true', '']) expect(() => parseFilter(bad), bad).to.throw();
  });

  it('applies Okta forms: replace with a value object, active false', () => {
    expect(applyPatch(person, [{ op: 'replace', value: { active: false } }]).active).to.equal(false);
    expect(applyPatch(person, [{ op: 'replace', value: { name: { givenName: 'Anne' }, userName: 'anne@acme.test' } }])).to.include({ givenName: 'Anne', familyName: 'Baker', userName: 'anne@acme.test' });
  });

  it('applies Entra ID forms: capitalised ops, paths, "False" as a string, filtered email paths, the enterprise extension', () => {
    const next = applyPatch(person, [
      { op: 'Replace', path: 'active', value: 'False' },
      { op: 'Add', path: 'emails[type eq "work"].value', value: 'ann.baker@acme.test' },
      { op: 'Replace', path: 'name.familyName', value: 'Smith' },
      { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber', value: 'E-7' },
      { op: 'Replace', path: 'title', value: 'Chef' },
      { op: 'Remove', path: 'externalId' },
    ]);
    expect(next).to.include({ active: false, email: 'ann.baker@acme.test', familyName: 'Smith', employeeNumber: 'E-7', externalId: null });
  });

  it('refuses unknown ops, a remove without a path, non-boolean active and a removed userName', () => {
    expect(() => applyPatch(person, [{ op: 'move', path: 'active', value: true }])).to.throw('Unsupported op move');
    expect(() => applyPatch(person, [{ op: 'remove' }])).to.throw();
    expect(() => applyPatch(person, [{ op: 'replace', path: 'active', value: 'maybe' }])).to.throw();
    expect(() => applyPatch(person, [{ op: 'remove', path: 'userName' }])).to.throw();
  });
});
