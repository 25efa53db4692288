import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ReadMail {
  file: string;
  tenantId: string;
  template: string;
  to: string;
  subject: string;
  text: string;
}

/** The mails in a mail drop directory, oldest first, optionally only those to one address (and tenant). */
export async function readMailDrop(dir: string, filter: { to?: string; tenantId?: string } = {}): Promise<ReadMail[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  const mails: ReadMail[] = [];
  for (const name of names) {
    const raw = await readFile(join(dir, name), 'utf8');
    const split = raw.indexOf('\n\n');
    const headers = new Map(
      raw
        .slice(0, split)
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const),
    );
    const mail = {
      file: join(dir, name),
      tenantId: headers.get('X-Tenant-Id') ?? '',
      template: headers.get('X-Template') ?? '',
      to: headers.get('To') ?? '',
      subject: headers.get('Subject') ?? '',
      text: raw.slice(split + 2),
    };
    if ((filter.to === undefined || mail.to === filter.to) && (filter.tenantId === undefined || mail.tenantId === filter.tenantId)) mails.push(mail);
  }
  return mails;
}
