import { expect } from 'chai';
import { daemonDataSourceOptions, loadDaemonConfig } from './config.js';

describe('access daemon config: database bounds', () => {
  it('gives the daemon pool and the door path short bounds by default', () => {
    const config = loadDaemonConfig({});
    expect(config).to.include({ auditCommitTimeoutMs: 1000, grantExpiryTimeoutMs: 1000 });
    expect(daemonDataSourceOptions(config, 'postgres://db/wfm')).to.deep.equal({
      url: 'postgres://db/wfm',
      poolSize: 8,
      applicationName: 'wfm-access-daemon',
      statementTimeoutMs: 10_000,
      queryTimeoutMs: 12_000,
      connectTimeoutMs: 3000,
    });
  });

  it('reads each bound from its variable', () => {
    const config = loadDaemonConfig({
      ACCESS_AUDIT_COMMIT_TIMEOUT_MS: '250',
      ACCESS_GRANT_EXPIRY_TIMEOUT_MS: '300',
      ACCESS_DB_STATEMENT_TIMEOUT_MS: '4000',
      ACCESS_DB_QUERY_TIMEOUT_MS: '5000',
      ACCESS_DB_CONNECT_TIMEOUT_MS: '1500',
    });
    expect(config).to.include({ auditCommitTimeoutMs: 250, grantExpiryTimeoutMs: 300 });
    expect(daemonDataSourceOptions(config, 'postgres://db/wfm')).to.include({ statementTimeoutMs: 4000, queryTimeoutMs: 5000, connectTimeoutMs: 1500 });
  });

  it('reads the garbage collector settings, and refuses a mode it does not know', () => {
    expect(loadDaemonConfig({}).gc).to.deep.equal({ heapGrowthPercent: 100, concurrentMarking: 'auto', pretenuring: 'auto' });
    expect(loadDaemonConfig({ ACCESS_GC_HEAP_GROWTH_PERCENT: '0', ACCESS_GC_CONCURRENT_MARKING: 'off', ACCESS_GC_PRETENURING: 'on' }).gc).to.deep.equal({ heapGrowthPercent: 0, concurrentMarking: 'off', pretenuring: 'on' });
    expect(() => loadDaemonConfig({ ACCESS_GC_CONCURRENT_MARKING: 'sometimes' })).to.throw(/ACCESS_GC_CONCURRENT_MARKING/);
    expect(() => loadDaemonConfig({ ACCESS_GC_PRETENURING: 'yes' })).to.throw(/ACCESS_GC_PRETENURING/);
    expect(() => loadDaemonConfig({ ACCESS_GC_HEAP_GROWTH_PERCENT: '-5' })).to.throw(/ACCESS_GC_HEAP_GROWTH_PERCENT/);
  });
});
