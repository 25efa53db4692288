import { expect } from 'chai';
import { StartupError } from '@wfm/core/startup';
import { EMBEDDED_DAEMON_METRICS_OFFSET, portFrom, withDerivedPorts } from './config.js';

describe('the all-in-one start derives its ports from PORT', () => {
  it('with PORT unset or 3000, every port is the apps\' own default', () => {
    const expected = { ACCESS_DAEMON_PORT: '3001', API_METRICS_PORT: '9460', WEBHOOK_METRICS_PORT: '9461', ACCESS_METRICS_PORT: '9464', EMBEDDED_PG_PORT: '54329' };
    expect(withDerivedPorts({})).to.deep.equal(expected);
    expect(withDerivedPorts({ PORT: '3000' })).to.deep.equal({ PORT: '3000', ...expected });
    expect(portFrom({}, EMBEDDED_DAEMON_METRICS_OFFSET)).to.equal(9465);
  });

  it('another PORT moves every port it leaves unset by the same step, and keeps the ones set', () => {
    expect(withDerivedPorts({ PORT: '4000', ACCESS_METRICS_PORT: '0' })).to.deep.equal({
      PORT: '4000',
      ACCESS_DAEMON_PORT: '4001',
      API_METRICS_PORT: '10460',
      WEBHOOK_METRICS_PORT: '10461',
      ACCESS_METRICS_PORT: '0',
      EMBEDDED_PG_PORT: '55329',
    });
  });

  it('PORT=0 and a malformed PORT derive nothing', () => {
    expect(withDerivedPorts({ PORT: '0' })).to.deep.equal({ PORT: '0' });
    expect(withDerivedPorts({ PORT: 'web' })).to.deep.equal({ PORT: 'web' });
    expect(portFrom({ PORT: '0' }, 1)).to.equal(null);
  });

  it('a PORT that pushes a port past 65535 names the variable to set', () => {
    expect(() => withDerivedPorts({ PORT: '20000' }))
      .to.throw(StartupError)
      .with.property('message', 'PORT=20000 puts EMBEDDED_PG_PORT at 71329, past 65535: set EMBEDDED_PG_PORT to a free port, or use a PORT below 14207');
    expect(withDerivedPorts({ PORT: '20000', EMBEDDED_PG_PORT: '5433' })).to.include({ EMBEDDED_PG_PORT: '5433', API_METRICS_PORT: '26460' });
    expect(withDerivedPorts({ PORT: '20000', DATABASE_URL: 'postgres://db/wfm' })).to.not.have.property('EMBEDDED_PG_PORT');
  });
});
