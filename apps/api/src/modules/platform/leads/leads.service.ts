import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Logger } from '@wfm/core/logger';
import type { PageRequest } from '@wfm/core/pagination';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import type { Lead, LeadsRepository } from './leads.repository.js';
import type { LeadBody, LeadDto } from './leads.schemas.js';

export const SALES_LEAD_TEMPLATE = 'sales_lead';

const toDto = (l: Lead): LeadDto => ({ id: l.id, name: l.name, email: l.email, company: l.company, message: l.message, createdAt: l.createdAt.toISOString() });

/**
 * The public sales-enquiry form. An enquiry is stored, then mailed to the operator
 * (SALES_LEADS_EMAIL) through the outbox mailer; the stored row is the record, so a mail that
 * fails is logged and the enquiry still kept. A filled honeypot is answered the same way and
 * neither stored nor mailed, so a bot learns nothing from the answer.
 */
export class LeadsService {
  constructor(
    private readonly repo: LeadsRepository,
    private readonly mailer: MailTransport,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly salesEmail: string | undefined,
  ) {}

  async submit(body: LeadBody): Promise<void> {
    if (body.website?.trim()) {
      this.logger.info('sales enquiry dropped: honeypot filled');
      return;
    }
    const lead: Lead = { id: uuid(), name: body.name, email: body.email, company: body.company, message: body.message || null, createdAt: this.clock.now() };
    await this.repo.insert(lead);
    if (!this.salesEmail) {
      this.logger.info({ leadId: lead.id }, 'sales enquiry stored; SALES_LEADS_EMAIL is not set, so it was not mailed');
      return;
    }
    await this.mailer
      .send({ tenantId: null, to: this.salesEmail, template: SALES_LEAD_TEMPLATE, subject: `Sales enquiry from ${lead.company}`, text: mailText(lead) })
      .catch((err: unknown) => this.logger.error({ leadId: lead.id, err }, 'sales enquiry stored but not mailed'));
  }

  async list(page: PageRequest): Promise<LeadDto[]> {
    return (await this.repo.list(page.limit, page.offset)).map(toDto);
  }
}

function mailText(l: Lead): string {
  return [
    'A sales enquiry came in through the public form.',
    '',
    `Name:     ${l.name}`,
    `Email:    ${l.email}`,
    `Company:  ${l.company}`,
    `Received: ${l.createdAt.toISOString()}`,
    '',
    l.message ? `Message:\n${l.message}` : 'No message.',
    '',
    `Enquiry id: ${l.id}`,
  ].join('\n');
}
