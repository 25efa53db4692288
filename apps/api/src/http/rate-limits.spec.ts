import { expect } from 'chai';
import { DEFAULT_LIMIT, limitFor } from './rate-limits.js';

describe('rate-limit table (spec 01, Limits)', () => {
  const cases: Array<[string, string, number, number]> = [
    ['POST', '/auth/login', 30, 60],
    ['POST', '/auth/refresh', 30, 60],
    ['POST', '/auth/signup', 5, 60],
    ['POST', '/auth/forgot-password', 5, 60],
    ['POST', '/auth/reset-password', 10, 60],
    ['POST', '/auth/invite/:code/redeem', 10, 900],
    ['POST', '/access/visitors/:inviteCode/redeem', 5, 300],
    ['POST', '/oauth/token', 30, 60],
    ['GET', '/public/outlets', 60, 60],
    ['POST', '/public/shifts', 10, 60],
    ['PATCH', '/public/attendance/:id', 10, 60],
    ['DELETE', '/public/webhooks/:id', 10, 60],
    ['POST', '/users/bulk-import', 6, 60],
    ['POST', '/outlets/bulk-import', 6, 60],
    ['POST', '/vendors/bulk-import', 6, 60],
    ['POST', '/assets/bulk-import', 6, 60],
    ['POST', '/asset-categories/bulk-import', 6, 60],
    ['POST', '/api-keys', 10, 60],
    ['POST', '/oauth-clients', 10, 60],
    ['GET', '/users', 120, 60],
    ['POST', '/access/grants', 120, 60],
    ['GET', '/messaging/webhooks/whatsapp', 10, 60],
    ['POST', '/messaging/webhooks/whatsapp', 120, 60],
  ];
  for (const [method, path, points, seconds] of cases) {
    it(`${method} ${path}: ${points} per ${seconds} s`, () => {
      expect(limitFor(method, path)?.rule).to.deep.equal({ points, durationSeconds: seconds });
    });
  }

  it('has no limit for GET /health and GET /status', () => {
    expect(limitFor('GET', '/health')).to.equal(null);
    expect(limitFor('GET', '/status')).to.equal(null);
  });

  it('counts each endpoint separately (the counter name is method and route)', () => {
    expect(limitFor('GET', '/public/outlets')?.name).to.not.equal(limitFor('GET', '/public/employees')?.name);
  });

  it('defaults to 120 per 60 s', () => {
    expect(DEFAULT_LIMIT).to.deep.equal({ points: 120, durationSeconds: 60 });
  });
});
