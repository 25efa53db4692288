import { expect } from 'chai';
import { assertMayAssign, CREATOR_GONE, personRefusal, type Acting } from './people-policy.js';
import { ROLES, type Role } from './tenancy.js';

const actor = (role: Role | null, userId: string | null = 'actor'): Acting => ({ tenantId: 't', userId, role });
const target = (role: Role, id = 'target') => ({ id, role });
const refused = (a: Acting, t: { id: string; role: Role }, act: 'account' | 'record' | 'work') => personRefusal(a, t, act) !== null;

describe('people policy (rank rule)', () => {
  it('account: only people strictly below; a peer or anyone above is refused; oneself passes', () => {
    expect(refused(actor('COMPANY_ADMIN'), target('TENANT_OWNER'), 'account')).to.equal(true);
    expect(refused(actor('COMPANY_ADMIN'), target('COMPANY_ADMIN'), 'account')).to.equal(true);
    expect(refused(actor('COMPANY_ADMIN'), target('HR_MANAGER'), 'account')).to.equal(false);
    expect(refused(actor('TENANT_OWNER'), target('TENANT_OWNER'), 'account')).to.equal(true);
    expect(refused(actor('TENANT_GROUP_OWNER'), target('TENANT_OWNER'), 'account')).to.equal(false);
    expect(refused(actor('HR_MANAGER', 'me'), target('HR_MANAGER', 'me'), 'account')).to.equal(false);
  });

  it('record: strictly below and never oneself, except that owners keep anyone’s record, their own included', () => {
    expect(refused(actor('HR_MANAGER'), target('TENANT_OWNER'), 'record')).to.equal(true);
    expect(refused(actor('HR_MANAGER'), target('HR_MANAGER'), 'record')).to.equal(true);
    expect(refused(actor('HR_MANAGER'), target('STAFF'), 'record')).to.equal(false);
    expect(personRefusal(actor('HR_MANAGER', 'me'), target('HR_MANAGER', 'me'), 'record')).to.equal('You cannot change your own HR record');
    expect(refused(actor('TENANT_OWNER'), target('TENANT_OWNER'), 'record')).to.equal(false);
    expect(refused(actor('TENANT_OWNER', 'me'), target('TENANT_OWNER', 'me'), 'record')).to.equal(false);
  });

  it('work: at or below one’s own rank', () => {
    expect(refused(actor('OUTLET_MANAGER'), target('AREA_MANAGER'), 'work')).to.equal(true);
    expect(refused(actor('OUTLET_MANAGER'), target('OUTLET_MANAGER'), 'work')).to.equal(false);
    expect(refused(actor('OUTLET_MANAGER'), target('STAFF'), 'work')).to.equal(false);
  });

  it('a credential has no self, and one whose maker is gone acts on nobody', () => {
    expect(refused(actor('COMPANY_ADMIN', null), target('COMPANY_ADMIN', 'actor'), 'account')).to.equal(true);
    for (const act of ['account', 'record', 'work'] as const) {
      for (const role of ROLES) expect(personRefusal(actor(null, null), target(role), act)).to.equal(CREATOR_GONE);
    }
    expect(() => assertMayAssign(actor(null, null), 'STAFF')).to.throw(CREATOR_GONE);
  });

  it('assigns roles at or below one’s own, never TENANT_GROUP_OWNER', () => {
    expect(() => assertMayAssign(actor('HR_MANAGER'), 'HR_MANAGER')).not.to.throw();
    expect(() => assertMayAssign(actor('HR_MANAGER'), 'COMPANY_ADMIN', 'rows.0.role')).to.throw('rows.0.role: You cannot assign a role above your own');
    expect(() => assertMayAssign(actor('TENANT_GROUP_OWNER'), 'TENANT_GROUP_OWNER')).to.throw('TENANT_GROUP_OWNER cannot be assigned');
  });
});
