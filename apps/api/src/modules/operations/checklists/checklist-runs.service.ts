import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, ConflictError, NotFoundError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { Actor } from '@wfm/core/principal';
import type { Notifier } from '../../notifications/centre/centre.service.js';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { FileStorage } from '../../../storage/file-storage.js';
import { IMAGE_MAX_BYTES, prepareImage } from '../../../storage/images.js';
import { coversOutlet, type OutletScope, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { IssuesService } from '../issues/issues.service.js';
import type { ChecklistRunsRepository, CompletionRow, Run, RunTask, TaskPhoto } from './checklist-runs.repository.js';
import { MAX_REPORT_DAYS, type AnswerBody, type CompletionQuery } from './checklists.schemas.js';

export const PHOTO_MAX_BYTES = IMAGE_MAX_BYTES;
/** Enough to read a thermometer or a label on a phone; a camera's 12 MP photo is scaled down to this. */
const PHOTO_MAX_SIDE = 1600;

const runNotFound = () => new NotFoundError('Checklist run not found');
const taskNotFound = () => new NotFoundError('Task not found in this checklist run');
const DAY_MS = 86_400_000;

export interface PhotoFile {
  data: Buffer;
  mediaType: string;
  sha256: string;
}

function amount(value: number, unit: string | null): string {
  return unit ? `${value} ${unit}` : String(value);
}

/** What the issue a failed task raises is called, e.g. "Fridge 2 temperature 9 °C (allowed 0–5 °C)". */
export function failureTitle(task: Pick<RunTask, 'kind' | 'label' | 'minValue' | 'maxValue' | 'unit' | 'passAnswer'>, answer: { yes?: boolean; number?: number }): string {
  let title: string;
  if (task.kind === 'NUMBER') {
    const { minValue: min, maxValue: max, unit } = task;
    const allowed =
      min !== null && max !== null ? `${min}–${amount(max, unit)}` : min !== null ? `at least ${amount(min, unit)}` : `at most ${amount(max!, unit)}`;
    title = `${task.label} ${amount(answer.number!, unit)} (allowed ${allowed})`;
  } else {
    title = `${task.label}: ${answer.yes ? 'Yes' : 'No'} (expected ${task.passAnswer ? 'Yes' : 'No'})`;
  }
  return title.length > 200 ? `${title.slice(0, 199)}…` : title;
}

/** Whether an answer fails its task: YES_NO with the other answer, NUMBER out of its bounds. */
function fails(task: RunTask, answer: AnswerBody): boolean {
  if (task.kind === 'YES_NO') return answer.yes !== task.passAnswer;
  if (task.kind === 'NUMBER') return (task.minValue !== null && answer.number! < task.minValue) || (task.maxValue !== null && answer.number! > task.maxValue);
  return false;
}

/** The answer field each kind takes; a note may go with any of them. */
function checkAnswerFits(task: RunTask, answer: AnswerBody): void {
  const problems: string[] = [];
  if (task.kind === 'PHOTO') problems.push('a PHOTO task is answered by uploading the photo to /checklist-runs/{id}/answers/{taskId}/photo');
  if (task.kind === 'YES_NO' && answer.yes === undefined) problems.push('yes is required for a YES_NO task');
  if (task.kind === 'NUMBER' && answer.number === undefined) problems.push('number is required for a NUMBER task');
  if (task.kind === 'NOTE' && answer.note === undefined) problems.push('note is required for a NOTE task');
  if (task.kind !== 'YES_NO' && answer.yes !== undefined) problems.push(`yes is not allowed for a ${task.kind} task`);
  if (task.kind !== 'NUMBER' && answer.number !== undefined) problems.push(`number is not allowed for a ${task.kind} task`);
  if (problems.length) throw new BadRequestError(problems);
}

/**
 * Runs of checklists: one per schedule occurrence, made lazily when a day's list is read and by
 * the checklist-runs job (idempotent per schedule and date), answered on the phone task by task
 * (each answer replaces the last, so a retry on a patchy connection is harmless), and completed
 * once every required task has an answer. A task's first failure raises an issue silently (spec
 * 03: no issue.created) in the same transaction as the answer.
 */
export class ChecklistRunsService {
  constructor(
    private readonly repo: ChecklistRunsRepository,
    private readonly issues: IssuesService,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly storage: FileStorage,
    private readonly logger: Logger,
    private readonly notifier: Notifier,
  ) {}

  /**
   * The job: today's and yesterday's runs made, those whose window has opened announced as due to
   * the people on duty in it (once), those past their window MISSED.
   */
  async sweep(): Promise<{ missed: number }> {
    const now = this.clock.now();
    await this.repo.ensure(now, 1);
    await this.transaction(async (tx) => {
      for (const run of await this.repo.dueToTell(tx, now)) {
        const params = { outletId: run.outletId, checklistName: run.name, closesAt: run.closesAt };
        await this.notifier.notify(tx, { tenantId: run.tenantId, event: 'checklist.due', actorUserId: null, to: run.userIds.map((userId) => ({ userId, params })) });
      }
    });
    return { missed: await this.repo.markMissed(now) };
  }

  /**
   * The runs of today (each outlet's timezone) at the caller's workplace, and yesterday's still in their
   * window, made first if need be.
   */
  async today(actor: Actor, outletId: string | undefined): Promise<Run[]> {
    const scope = await this.scopes.workplaceOf(actor);
    if (outletId && !coversOutlet(scope, outletId)) return [];
    const outletIds = outletId ? [outletId] : scope.kind === 'outlets' ? scope.outletIds : null;
    const now = this.clock.now();
    await this.repo.ensure(now, 1, { tenantId: actor.tenantId, ...(outletIds ? { outletIds } : {}) });
    await this.repo.markMissed(now, actor.tenantId);
    return this.repo.today(actor.tenantId, now, outletIds);
  }

  async get(actor: Actor, id: string): Promise<Run> {
    const run = await this.repo.find(null, actor.tenantId, id);
    if (!run || !coversOutlet(await this.scopes.workplaceOf(actor), run.outletId)) throw runNotFound();
    return run;
  }

  async answer(actor: Actor, id: string, taskId: string, body: AnswerBody): Promise<Run> {
    const scope = await this.scopes.workplaceOf(actor);
    return this.transaction(async (tx) => {
      const { run, task } = await this.changeable(tx, actor, scope, id, taskId);
      checkAnswerFits(task, body);
      const now = this.clock.now();
      const failed = fails(task, body);
      await this.repo.answer(tx, task.id, {
        answerYes: body.yes ?? null,
        answerNumber: body.number ?? null,
        answerNote: body.note ?? null,
        failed,
        answeredAt: now,
        answeredByUserId: actor.userId,
      });
      if (failed && !task.issueId) {
        const issue = await this.issues.raiseSilently(tx, {
          tenantId: actor.tenantId,
          outletId: run.outletId,
          assetId: task.assetId,
          title: failureTitle(task, body),
          description: `Failed in the checklist "${run.name}" of ${run.date}${body.note ? `: ${body.note}` : ''}`.slice(0, 5000),
          priority: task.priority,
          source: 'CHECKLIST',
          reporterUserId: actor.userId,
        });
        await this.repo.setIssue(tx, task.id, issue.id);
      }
      return (await this.repo.find(tx, actor.tenantId, id))!;
    });
  }

  async answerPhoto(actor: Actor, id: string, taskId: string, upload: Buffer): Promise<Run> {
    const scope = await this.scopes.workplaceOf(actor);
    const image = await prepareImage(upload, { accept: ['png', 'jpeg'], maxSide: PHOTO_MAX_SIDE, what: 'photo' });
    const photo: TaskPhoto = { key: `${actor.tenantId}/checklist-photos/${uuid()}`, mediaType: image.mediaType, sha256: image.sha256, bytes: image.data.length };
    await this.storage.put(photo.key, image.data);
    const { previous, run } = await this.transaction(async (tx) => {
      const { task } = await this.changeable(tx, actor, scope, id, taskId);
      if (task.kind !== 'PHOTO') throw new BadRequestError([`photo is not allowed for a ${task.kind} task`]);
      await this.repo.setPhoto(tx, task.id, photo, this.clock.now(), actor.userId);
      return { previous: task.photoKey, run: (await this.repo.find(tx, actor.tenantId, id))! };
    }).catch(async (err: unknown) => {
      await this.discard(actor.tenantId, photo.key);
      throw err;
    });
    if (previous) await this.discard(actor.tenantId, previous);
    return run;
  }

  async photo(actor: Actor, id: string, taskId: string): Promise<PhotoFile> {
    const run = await this.get(actor, id);
    const task = run.tasks.find((t) => t.id === taskId.toLowerCase());
    if (!task) throw taskNotFound();
    const data = task.photoKey ? await this.storage.get(task.photoKey) : null;
    if (!data) {
      if (task.photoKey) this.logger.error({ tenantId: actor.tenantId, key: task.photoKey }, 'checklist photo missing from the file storage');
      throw new NotFoundError('This task has no photo');
    }
    return { data, mediaType: task.photoMediaType!, sha256: task.photoSha256! };
  }

  /**
   * Completes a run once every required task is answered; completing it again answers it as it is
   * (a retried request). A MISSED run may still be completed: it counts as completed late.
   */
  async complete(actor: Actor, id: string): Promise<Run> {
    const scope = await this.scopes.workplaceOf(actor);
    return this.transaction(async (tx) => {
      const run = await this.repo.find(tx, actor.tenantId, id);
      if (!run || !coversOutlet(scope, run.outletId)) throw runNotFound();
      if (run.status === 'COMPLETED') return run;
      const unanswered = run.tasks.filter((t) => t.required && !t.answeredAt).map((t) => t.label);
      if (unanswered.length) throw new ConflictError(`Required tasks are not answered: ${unanswered.join(', ')}`);
      await this.repo.complete(tx, id, this.clock.now(), actor.userId);
      return (await this.repo.find(tx, actor.tenantId, id))!;
    });
  }

  /** Per outlet of the caller's scope, over local days; OPEN runs past their window are counted MISSED. */
  async completion(actor: Actor, q: CompletionQuery): Promise<Array<CompletionRow & { rate: number | null }>> {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1;
    if (days < 1) throw new BadRequestError(['to must not be before from']);
    if (days > MAX_REPORT_DAYS) throw new BadRequestError([`the period must not be longer than ${MAX_REPORT_DAYS} days`]);
    const scope = await this.scopes.of(actor);
    await this.repo.markMissed(this.clock.now(), actor.tenantId);
    const rows = await this.repo.completion(actor.tenantId, q.from, q.to, { ...(q.outletId ? { outletId: q.outletId } : {}), ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}) });
    return rows.map((row) => {
      const due = row.scheduled - row.open;
      return { ...row, rate: due === 0 ? null : Math.round(((row.completed + row.completedLate) / due) * 1000) / 1000 };
    });
  }

  /** The run and task locked for an answer: within the caller's workplace, not completed. */
  private async changeable(tx: Tx, actor: Actor, scope: OutletScope, id: string, taskId: string): Promise<{ run: Run; task: RunTask }> {
    const run = await this.repo.find(tx, actor.tenantId, id);
    if (!run || !coversOutlet(scope, run.outletId)) throw runNotFound();
    const task = run.tasks.find((t) => t.id === taskId.toLowerCase());
    if (!task) throw taskNotFound();
    if (run.status === 'COMPLETED') throw new ConflictError('A completed checklist run cannot be changed');
    return { run, task };
  }

  /** A file nothing points at any more; failing to delete it leaves an orphan, not a wrong answer. */
  private async discard(tenantId: string, key: string): Promise<void> {
    await this.storage.delete(key).catch((err: unknown) => this.logger.warn({ tenantId, key, err }, 'could not delete a checklist photo no longer used'));
  }
}
