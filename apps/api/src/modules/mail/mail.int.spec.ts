import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { FakeClock } from '@wfm/core/clock';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant } from '@wfm/testing/factories';
import { MailRepository } from './mail.repository.js';
import { OutboxMailer } from './mail.service.js';
import type { SmtpSender } from './mail.transport.js';

const FROM = 'Workforce Platform <no-reply@example.test>';
const LINK = 'https://app.example.test/reset-password?token=secret-link-token';

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('OutboxMailer', () => {
  let db: TestDatabase;
  let repo: MailRepository;
  let tenantId: string;
  const clock = new FakeClock('2026-02-01T10:00:00Z');
  before(async () => {
    db = await createTestDatabase();
    repo = new MailRepository(db.dataSource);
  });
  after(async () => db.drop());
  beforeEach(async () => {
    await db.truncate();
    tenantId = (await createTenant(db.dataSource)).id;
  });

  const message = () => ({ tenantId, to: 'ann@example.test', template: 'password_reset', subject: 'Reset your password', text: `Open ${LINK}` });

  it('without SMTP, writes a delivered `log` row and logs the text with its link at info', async () => {
    const { logger, lines } = capturingLogger();
    await new OutboxMailer(repo, clock, logger, null, FROM).send(message());
    const rows = await repo.forRecipient(tenantId, 'ann@example.test');
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ transport: 'log', template: 'password_reset', subject: 'Reset your password', body: `Open ${LINK}`, error: null });
    expect(rows[0]!.sentAt!.toISOString()).to.equal('2026-02-01T10:00:00.000Z');
    const line = lines.find((l) => l.mailId === rows[0]!.id)!;
    expect(line).to.include({ level: 30, to: 'ann@example.test', template: 'password_reset' });
    expect(String(line.text)).to.contain(LINK);
  });

  it('with SMTP, sends in the background and records the delivery; the text is never logged', async () => {
    const { logger, lines } = capturingLogger();
    const sent: unknown[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const smtp: SmtpSender = {
      async sendMail(mail) {
        sent.push(mail);
        await gate;
      },
    };
    const mailer = new OutboxMailer(repo, clock, logger, smtp, FROM);
    await mailer.send(message());
    // `send` has returned while the SMTP server is still "busy": the request is not held up.
    const pending = await repo.forRecipient(tenantId, 'ann@example.test');
    expect(pending[0]).to.include({ transport: 'smtp', sentAt: null, error: null });
    release();
    await mailer.idle();
    expect(sent).to.deep.equal([{ from: FROM, to: 'ann@example.test', subject: 'Reset your password', text: `Open ${LINK}` }]);
    const [row] = await repo.forRecipient(tenantId, 'ann@example.test');
    expect(row).to.include({ transport: 'smtp', error: null });
    expect(row!.sentAt).to.not.equal(null);
    expect(JSON.stringify(lines)).to.not.contain(LINK);
  });

  it('records an SMTP failure on the row without throwing to the caller', async () => {
    const { logger, lines } = capturingLogger();
    const smtp: SmtpSender = { sendMail: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')) };
    const mailer = new OutboxMailer(repo, clock, logger, smtp, FROM);
    await mailer.send(message());
    await mailer.idle();
    const [row] = await repo.forRecipient(tenantId, 'ann@example.test');
    expect(row).to.include({ transport: 'smtp', sentAt: null, error: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(lines.some((l) => l.level === 40 && l.mailId === row!.id)).to.equal(true);
    expect(JSON.stringify(lines)).to.not.contain(LINK);
  });
});
