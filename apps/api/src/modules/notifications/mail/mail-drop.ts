import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '@wfm/core/clock';

export interface DroppedMail {
  id: string;
  tenantId: string | null;
  template: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  date: Date;
}

/**
 * Without SMTP, each mail becomes one file in a directory only its owner can read (0700, files
 * 0600). A developer or operator without a mail server opens the file to pass a reset, invite or
 * verification link on; the log names the file and never holds the text.
 *
 * Names are `<process start>-<sequence>-<mail id>.eml`, so files sort in the order they were
 * written, across restarts too, whatever a (test) clock does between mails; each mail's own time is
 * in its Date header.
 */
export class MailDrop {
  private readonly run: string;
  private seq = 0;

  constructor(
    readonly dir: string,
    clock: Clock,
  ) {
    this.run = clock.now().toISOString().replace(/[-:.]/g, '');
  }

  async write(mail: DroppedMail): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const path = join(this.dir, `${this.run}-${String(++this.seq).padStart(6, '0')}-${mail.id}.eml`);
    const headers = [
      `From: ${mail.from}`,
      `To: ${mail.to}`,
      `Subject: ${mail.subject}`,
      `Date: ${mail.date.toUTCString()}`,
      `X-Mail-Id: ${mail.id}`,
      ...(mail.tenantId === null ? [] : [`X-Tenant-Id: ${mail.tenantId}`]),
      `X-Template: ${mail.template}`,
    ];
    await writeFile(path, `${headers.join('\n')}\n\n${mail.text}`, { mode: 0o600, flag: 'wx' });
    return path;
  }
}
