import { Writable } from 'node:stream';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { FakeClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant } from '@wfm/testing/factories';
import { readMailDrop } from '../../../test-support/mail-drop-reader.js';
import { MailDrop } from './mail-drop.js';
import { MailRepository } from './mail.repository.js';
import { OutboxMailer } from './mail.service.js';
import type { SmtpSender } from './mail.transport.js';

const FROM = 'Workforce Platform <no-reply@example.test>';
const TOKEN = 'secret-link-token';
const LINK = `https://app.example.test/reset-password?token=${TOKEN}`;

/** The production logger, writing where the test can read it. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('test', 'trace', stream), lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('OutboxMailer', () => {
  let db: TestDatabase;
  let repo: MailRepository;
  let tenantId: string;
  let dir: string;
  const clock = new FakeClock('2026-02-01T10:00:00Z');
  before(async () => {
    db = await createTestDatabase();
    repo = new MailRepository(db.dataSource);
  });
  after(async () => db.drop());
  beforeEach(async () => {
    clock.set('2026-02-01T10:00:00Z');
    tenantId = (await createTenant(db.dataSource)).id;
    dir = join(await mkdtemp(join(tmpdir(), 'wfm-mail-test-')), 'drop');
  });
  afterEach(async () => rm(join(dir, '..'), { recursive: true, force: true }));

  const message = () => ({ tenantId, to: 'ann@example.test', template: 'password_reset', subject: 'Reset your password', text: `Open ${LINK}` });
  /** Every column of every outbox row, as text. */
  const outboxText = async () => JSON.stringify(await db.dataSource.query(`SELECT row_to_json(m)::text AS row FROM mail_outbox m`));

  it('without SMTP, writes the mail to a 0600 file in a 0700 drop directory, records it, and says it was not sent out', async () => {
    const { logger, parsed } = capturingLogger();
    expect(await new OutboxMailer(repo, clock, logger, { drop: new MailDrop(dir, clock) }, FROM).send(message())).to.deep.equal({ accepted: false });
    const rows = await repo.forRecipient(tenantId, 'ann@example.test');
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ transport: 'file', template: 'password_reset', subject: 'Reset your password', error: null });
    expect(rows[0]!.sentAt!.toISOString()).to.equal('2026-02-01T10:00:00.000Z');
    const [mail] = await readMailDrop(dir, { to: 'ann@example.test' });
    expect(mail).to.include({ tenantId, template: 'password_reset', subject: 'Reset your password', text: `Open ${LINK}` });
    expect((await stat(dir)).mode & 0o777).to.equal(0o700);
    expect((await stat(mail!.file)).mode & 0o777).to.equal(0o600);
    const line = parsed().find((l) => l.mailId === rows[0]!.id)!;
    expect(line).to.include({ level: 30, to: 'ann@example.test', template: 'password_reset', file: mail!.file });
  });

  it('without SMTP, keeps the link out of the outbox and the log', async () => {
    const { logger, lines } = capturingLogger();
    await new OutboxMailer(repo, clock, logger, { drop: new MailDrop(dir, clock) }, FROM).send(message());
    expect(lines).to.not.have.length(0);
    expect(lines.join('\n')).to.not.contain(TOKEN);
    expect(await outboxText()).to.not.contain(TOKEN);
  });

  it('names drop files so that they sort in the order written, whatever the clock does meanwhile', async () => {
    const { logger } = capturingLogger();
    const mailer = new OutboxMailer(repo, clock, logger, { drop: new MailDrop(dir, clock) }, FROM);
    for (let i = 1; i <= 12; i++) {
      clock.advance(i % 2 ? -3600_000 : 7200_000);
      await mailer.send({ ...message(), subject: `Mail ${i}` });
    }
    expect((await readMailDrop(dir)).map((m) => m.subject)).to.deep.equal(Array.from({ length: 12 }, (_, i) => `Mail ${i + 1}`));
    expect(await readdir(dir)).to.have.length(12);
  });

  it('with SMTP, sends in the background and records the delivery; the text is neither stored nor logged', async () => {
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
    const mailer = new OutboxMailer(repo, clock, logger, { smtp }, FROM);
    expect(await mailer.send(message())).to.deep.equal({ accepted: true });
    // `send` has returned while the SMTP server is still "busy": the request is not held up.
    const pending = await repo.forRecipient(tenantId, 'ann@example.test');
    expect(pending[0]).to.include({ transport: 'smtp', sentAt: null, error: null });
    release();
    await mailer.idle();
    expect(sent).to.deep.equal([{ from: FROM, to: 'ann@example.test', subject: 'Reset your password', text: `Open ${LINK}` }]);
    const [row] = await repo.forRecipient(tenantId, 'ann@example.test');
    expect(row).to.include({ transport: 'smtp', error: null });
    expect(row!.sentAt).to.not.equal(null);
    expect(lines.join('\n')).to.not.contain(TOKEN);
    expect(await outboxText()).to.not.contain(TOKEN);
    expect(await readMailDrop(dir)).to.have.length(0);
  });

  it('records an SMTP failure on the row without throwing to the caller', async () => {
    const { logger, lines, parsed } = capturingLogger();
    const smtp: SmtpSender = { sendMail: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')) };
    const mailer = new OutboxMailer(repo, clock, logger, { smtp }, FROM);
    await mailer.send(message());
    await mailer.idle();
    const [row] = await repo.forRecipient(tenantId, 'ann@example.test');
    expect(row).to.include({ transport: 'smtp', sentAt: null, error: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(parsed().some((l) => l.level === 40 && l.mailId === row!.id)).to.equal(true);
    expect(lines.join('\n')).to.not.contain(TOKEN);
    expect(await outboxText()).to.not.contain(TOKEN);
  });
});
