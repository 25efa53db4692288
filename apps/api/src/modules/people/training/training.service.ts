import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, NotFoundError } from '@wfm/core/errors';
import { roleAllowed } from '@wfm/core/tenancy';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import { COURSE_ADMINS } from '@wfm/core/role-sets';
import type { Course, Enrolment, TrainingRepository } from './training.repository.js';
import type { CreateCourseBody, ListCoursesQuery } from './training.schemas.js';

/** The whole-number percentage of right answers. */
export function quizScore(answerKey: readonly number[], answers: readonly number[]): number {
  const right = answerKey.filter((a, i) => answers[i] === a).length;
  return Math.round((right / answerKey.length) * 100);
}

function courseNotFound(): NotFoundError {
  return new NotFoundError('Course not found');
}

/**
 * Training courses: ordered lessons and an optional quiz, built by course managers (HR roles and
 * AREA_MANAGER), taken by the people enrolled. Spec 03: course.completed fires once per enrolment,
 * when the learner first passes the quiz, or, for a course without one, completes its last lesson.
 */
export class TrainingService {
  constructor(
    private readonly repo: TrainingRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  create(actor: Actor, body: CreateCourseBody): Promise<Course> {
    const course: Course = {
      id: uuid(),
      tenantId: actor.tenantId,
      title: body.title,
      description: body.description ?? null,
      quizPassPct: body.quiz?.passPct ?? null,
      createdByUserId: actor.userId,
      createdAt: this.clock.now(),
      lessons: body.lessons.map((l, i) => ({ id: uuid(), position: i + 1, title: l.title, body: l.body ?? null })),
      questions: (body.quiz?.questions ?? []).map((q) => ({ id: uuid(), text: q.text, options: q.options, answerIndex: q.answerIndex })),
    };
    return this.transaction(async (tx) => {
      await this.repo.insertCourse(tx, course);
      return course;
    });
  }

  /** Course managers see every course; learners the courses they are enrolled in. */
  async list(actor: Actor, query: ListCoursesQuery): Promise<Course[]> {
    const ids = await this.repo.listCourseIds(actor.tenantId, roleAllowed(actor.role, COURSE_ADMINS) ? null : actor.userId, query.limit, query.offset);
    const courses = await Promise.all(ids.map(({ id }) => this.repo.findCourse(null, actor.tenantId, id)));
    return courses.filter((c): c is Course => c !== null);
  }

  async get(actor: Actor, id: string): Promise<Course> {
    const course = await this.repo.findCourse(null, actor.tenantId, id);
    if (!course) throw courseNotFound();
    if (!roleAllowed(actor.role, COURSE_ADMINS)) {
      const enrolled = await this.transaction((tx) => this.repo.lockEnrolment(tx, actor.tenantId, id, actor.userId));
      if (!enrolled) throw courseNotFound();
    }
    return course;
  }

  enrol(actor: Actor, courseId: string, userId: string): Promise<Enrolment> {
    return this.transaction(async (tx) => {
      if (!(await this.repo.findCourse(tx, actor.tenantId, courseId))) throw courseNotFound();
      if (!(await this.repo.liveUser(tx, actor.tenantId, userId))) throw new NotFoundError('User not found');
      const id = uuid();
      await this.repo.insertEnrolment(tx, { id, tenantId: actor.tenantId, courseId, userId, enrolledBy: actor.userId, at: this.clock.now() });
      return (await this.repo.findEnrolment(tx, actor.tenantId, id))!;
    });
  }

  async enrolments(actor: Actor, courseId: string): Promise<{ course: Course; enrolments: Enrolment[] }> {
    const course = await this.repo.findCourse(null, actor.tenantId, courseId);
    if (!course) throw courseNotFound();
    return { course, enrolments: await this.repo.listEnrolments(actor.tenantId, courseId) };
  }

  /** The caller's own enrolments: what a learner has been given and how far they are. */
  myEnrolments(actor: Actor, query: ListCoursesQuery): Promise<Array<Enrolment & { totalLessons: number }>> {
    return this.repo.listUserEnrolments(actor.tenantId, actor.userId, query.limit, query.offset);
  }

  /** The caller completes a lesson of a course they are enrolled in; the last one of a quiz-less course completes it. */
  completeLesson(actor: Actor, courseId: string, lessonId: string): Promise<{ course: Course; enrolment: Enrolment }> {
    return this.transaction(async (tx) => {
      const { course, enrolment } = await this.enrolled(tx, actor, courseId);
      if (!course.lessons.some((l) => l.id === lessonId)) throw new NotFoundError('Lesson not found');
      const now = this.clock.now();
      await this.repo.completeLesson(tx, actor.tenantId, enrolment.id, lessonId, now);
      const after = (await this.repo.findEnrolment(tx, actor.tenantId, enrolment.id))!;
      if (course.questions.length === 0 && after.status !== 'COMPLETED' && after.completedLessonIds.length === course.lessons.length) {
        await this.complete(tx, course, after, 100, 0, now);
      }
      return { course, enrolment: (await this.repo.findEnrolment(tx, actor.tenantId, enrolment.id))! };
    });
  }

  /** A quiz attempt of the caller: scored, recorded, and the first pass completes the course. */
  attempt(actor: Actor, courseId: string, answers: number[]): Promise<{ scorePct: number; passed: boolean; attempts: number; course: Course; enrolment: Enrolment }> {
    return this.transaction(async (tx) => {
      const { course, enrolment } = await this.enrolled(tx, actor, courseId);
      if (course.quizPassPct === null) throw new NotFoundError('This course has no quiz');
      if (answers.length !== course.questions.length) throw new BadRequestError([`answers must have one entry per question (${course.questions.length})`]);
      const scorePct = quizScore(
        course.questions.map((q) => q.answerIndex),
        answers,
      );
      const passed = scorePct >= course.quizPassPct;
      const now = this.clock.now();
      await this.repo.recordAttempt(tx, { id: uuid(), tenantId: actor.tenantId, enrolmentId: enrolment.id, answers, scorePct, passed, at: now });
      const attempts = enrolment.quizAttempts + 1;
      if (passed && enrolment.status !== 'COMPLETED') await this.complete(tx, course, enrolment, scorePct, attempts, now);
      return { scorePct, passed, attempts, course, enrolment: (await this.repo.findEnrolment(tx, actor.tenantId, enrolment.id))! };
    });
  }

  private async complete(tx: Tx, course: Course, enrolment: Enrolment, scorePct: number, attempts: number, at: Date): Promise<void> {
    await this.repo.markCompleted(tx, course.tenantId, enrolment.id, at);
    await recordEvent(tx, course.tenantId, 'course.completed', { tenantId: course.tenantId, courseId: course.id, courseTitle: course.title, userId: enrolment.userId, scorePct, attempts }, at);
  }

  /** The caller's enrolment, locked: someone not enrolled hears that the course does not exist. */
  private async enrolled(tx: Tx, actor: Actor, courseId: string): Promise<{ course: Course; enrolment: Enrolment }> {
    const course = await this.repo.findCourse(tx, actor.tenantId, courseId);
    const enrolment = course && (await this.repo.lockEnrolment(tx, actor.tenantId, courseId, actor.userId));
    if (!course || !enrolment) throw courseNotFound();
    return { course, enrolment };
  }
}
