import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Logger } from '@wfm/core/logger';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Role } from '@wfm/core/tenancy';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import type { IssuesService } from '../issues/issues.service.js';
import { addInterval, todayIn } from '../maintenance/due-dates.js';
import type { WorkOrdersService } from '../work-orders/work-orders.service.js';
import type { AutomationsRepository, PendingSubject } from './automations.repository.js';
import type { ActionResult, AutomationAction } from './automations.schemas.js';

/** Subjects one pass takes on: a burst of issues is worked through over several passes, never all in one. */
const BATCH = 200;

/**
 * Runs automations off the request path, from the job runner: each pass reads what live rules have
 * not acted on (issues, overdue work orders) and acts on each in its own transaction, claimed by a
 * unique (rule, subject) row so that two workers, or a pass repeated after a crash, never act
 * twice. An issue an action raises is source AUTOMATION: silent (spec 03) and never a trigger
 * itself. Mail goes out after the transaction commits, so a rolled-back run mails no one. A subject
 * that fails is recorded FAILED and the pass goes on: one bad rule or row never holds up the rest.
 */
export class AutomationWorker {
  constructor(
    private readonly repo: AutomationsRepository,
    private readonly issues: IssuesService,
    private readonly workOrders: WorkOrdersService,
    private readonly mailer: MailTransport,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly appUrl: string,
  ) {}

  /** One pass; returns how many (rule, subject) pairs it acted on. */
  async runOnce(): Promise<number> {
    const pending = await this.repo.pending(this.clock.now(), BATCH);
    let acted = 0;
    for (const subject of pending) if (await this.act(subject)) acted++;
    return acted;
  }

  private async act(s: PendingSubject): Promise<boolean> {
    const run = { id: uuid(), tenantId: s.tenantId, automationId: s.automationId, subjectId: s.subjectId, at: this.clock.now() };
    let mails: Array<{ role: Role; index: number }> = [];
    let results: ActionResult[] = [];
    try {
      const claimed = await this.transaction(async (tx) => {
        if (!(await this.repo.claim(tx, run))) return false;
        results = [];
        mails = [];
        for (const action of s.actions) {
          if (action.kind === 'NOTIFY_ROLE') mails.push({ role: action.role as Role, index: results.push({ kind: 'NOTIFY_ROLE', mailed: 0 }) - 1 });
          else results.push(await this.perform(tx, s, action));
        }
        await this.repo.finish(run.id, 'DONE', { results, error: null }, tx);
        return true;
      });
      if (!claimed) return false;
    } catch (err) {
      this.logger.warn({ err, automationId: s.automationId, subjectId: s.subjectId }, 'automation failed');
      await this.repo.recordFailure(run, 'The actions could not be carried out');
      return true;
    }
    if (!mails.length) return true;
    try {
      for (const m of mails) results[m.index] = { kind: 'NOTIFY_ROLE', mailed: await this.notify(s, m.role) };
      await this.repo.finish(run.id, 'DONE', { results, error: null });
    } catch (err) {
      this.logger.warn({ err, automationId: s.automationId, subjectId: s.subjectId }, 'automation could not notify');
      await this.repo.finish(run.id, 'FAILED', { results, error: 'The notification could not be sent' }).catch(() => undefined);
    }
    return true;
  }

  /** The actions done inside the run's transaction. ASSIGN and OPEN_WORK_ORDER act on an issue, which the rule's trigger guarantees. */
  private async perform(tx: Tx, s: PendingSubject, action: Exclude<AutomationAction, { kind: 'NOTIFY_ROLE' }>): Promise<ActionResult> {
    if (action.kind === 'RAISE_ISSUE') {
      const issue = await this.issues.raiseSilently(tx, {
        tenantId: s.tenantId,
        outletId: s.outletId,
        assetId: s.assetId,
        title: action.title,
        description: `Raised by the automation “${s.automationName}” for ${s.subject === 'ISSUE' ? 'the issue' : 'the overdue work order'} “${s.title}”.`,
        priority: action.priority,
        source: 'AUTOMATION',
        reporterUserId: null,
      });
      return { kind: 'RAISE_ISSUE', issueId: issue.id };
    }
    if (action.kind === 'ASSIGN') return { kind: 'ASSIGN', assigned: await this.issues.assignSilently(tx, s.tenantId, s.subjectId, action.userId) };
    const opened = await this.workOrders.openSilently(tx, {
      tenantId: s.tenantId,
      outletId: s.outletId,
      assetId: s.assetId,
      issueId: s.subjectId,
      title: action.title,
      description: `Opened by the automation “${s.automationName}” for the issue “${s.title}”.`,
      priority: action.priority,
      dueOn: addInterval(todayIn(s.timezone, this.clock.now()), 'DAYS', action.dueInDays),
      vendorId: action.vendorId ?? null,
      assigneeUserId: action.assigneeUserId ?? null,
    });
    return { kind: 'OPEN_WORK_ORDER', workOrderId: opened.id, ...(action.vendorId || action.assigneeUserId ? { assigned: opened.assigned } : {}) };
  }

  private async notify(s: PendingSubject, role: Role): Promise<number> {
    const people = await this.repo.recipients(s.tenantId, role, s.outletId);
    const what = s.subject === 'ISSUE' ? `the issue “${s.title}” (${s.priority})` : `the work order “${s.title}”, due ${s.dueOn} and not done`;
    const page = s.subject === 'ISSUE' ? 'issues' : 'work-orders';
    for (const p of people) {
      await this.mailer.send({
        tenantId: s.tenantId,
        to: p.email,
        template: 'automation_notice',
        subject: `${s.automationName}: ${s.title} (${s.outletName})`,
        text: `Hello ${p.fullName},\n\nThe automation “${s.automationName}” was triggered by ${what} at ${s.outletName}.\n\nOpen it: ${this.appUrl}/operations/${page}\n`,
      });
    }
    return people.length;
  }
}
