import { expect } from 'chai';
import { parseEnv } from '@wfm/core/config';
import { webhookEnvSchema, webhookSettingsFrom } from './settings.js';

const load = (env: Record<string, string>) => webhookSettingsFrom(parseEnv(webhookEnvSchema, env));

describe('webhook settings', () => {
  it("defaults to spec 03's values", () => {
    const s = load({});
    expect(s).to.include({ timeoutMs: 15_000, sweepIntervalMs: 120_000, maxInFlight: 64, maxInFlightPerTenant: 16 });
    expect(s.retryWaitsS).to.deep.equal([30, 60, 120, 240, 480]);
    expect(s.allowedTargets.entries).to.deep.equal([]);
  });

  it('takes shrunk timings for tests, and a per-tenant cap no larger than the total', () => {
    const s = load({
      WEBHOOK_TIMEOUT_MS: '500',
      WEBHOOK_RETRY_WAITS_S: '0.5, 1,1,1,2',
      WEBHOOK_SWEEP_INTERVAL_MS: '100',
      WEBHOOK_MAX_IN_FLIGHT: '8',
      WEBHOOK_MAX_IN_FLIGHT_PER_TENANT: '50',
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1,hooks.internal',
    });
    expect(s).to.include({ timeoutMs: 500, sweepIntervalMs: 100, maxInFlight: 8, maxInFlightPerTenant: 8 });
    expect(s.retryWaitsS).to.deep.equal([0.5, 1, 1, 1, 2]);
    expect(s.allowedTargets.hosts.has('hooks.internal')).to.equal(true);
    expect(load({ WEBHOOK_MAX_IN_FLIGHT: '2' }).maxInFlightPerTenant).to.equal(1);
  });

  it('refuses malformed values, naming each', () => {
    expect(() => load({ WEBHOOK_RETRY_WAITS_S: '30,60' })).to.throw(/WEBHOOK_RETRY_WAITS_S: must be 5 comma-separated positive numbers/);
    expect(() => load({ WEBHOOK_RETRY_WAITS_S: '30,60,0,1,2' })).to.throw(/WEBHOOK_RETRY_WAITS_S/);
    expect(() => load({ WEBHOOK_ALLOWED_TARGETS: '10.0.0.0/40' })).to.throw(/WEBHOOK_ALLOWED_TARGETS/);
    expect(() => load({ WEBHOOK_TIMEOUT_MS: '0' })).to.throw(/WEBHOOK_TIMEOUT_MS/);
  });
});
