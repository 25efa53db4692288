import { z } from 'zod';
import { roleAllowed } from '@wfm/core/tenancy';
import type { Actor } from '@wfm/core/principal';
import { COURSE_ADMINS, EVERY_ROLE } from '@wfm/core/role-sets';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { Course, Enrolment } from './training.repository.js';
import type { TrainingService } from './training.service.js';
import { AttemptDto, CourseDto, CourseIdParams, CreateCourseBody, EnrolBody, EnrolmentDto, LessonParams, ListCoursesQuery, QuizAttemptBody } from './training.schemas.js';

const TAGS = ['training'];
const E404 = { description: 'No course with this id that the caller may see (learners: one they are enrolled in)' };

/** The answers only for course managers. */
export function toCourseDto(c: Course, viewer: Actor): CourseDto {
  const admin = roleAllowed(viewer.role, COURSE_ADMINS);
  return {
    id: c.id,
    tenantId: c.tenantId,
    title: c.title,
    description: c.description,
    lessons: c.lessons,
    quiz: c.quizPassPct === null ? null : { passPct: c.quizPassPct, questions: c.questions.map((q) => ({ id: q.id, text: q.text, options: q.options, ...(admin ? { answerIndex: q.answerIndex } : {}) })) },
    createdByUserId: c.createdByUserId,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toEnrolmentDto(e: Enrolment, totalLessons: number): EnrolmentDto {
  return {
    id: e.id,
    courseId: e.courseId,
    userId: e.userId,
    status: e.status,
    completedLessonIds: e.completedLessonIds,
    totalLessons,
    quizAttempts: e.quizAttempts,
    bestScorePct: e.bestScorePct,
    completedAt: e.completedAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}

export function trainingRoutes(r: ApiRouter, training: TrainingService): void {
  r.post(
    '/courses',
    { summary: 'Create a course: ordered lessons and an optional quiz with a pass mark', tags: TAGS, auth: { kind: 'user', roles: COURSE_ADMINS }, body: CreateCourseBody, responses: { 201: { description: 'The course', schema: CourseDto } } },
    async ({ req, body }) => {
      const user = currentUser(req);
      return created(toCourseDto(await training.create(user, body), user));
    },
  );

  r.get(
    '/courses',
    {
      summary: 'Courses, newest first: course managers see all, learners those they are enrolled in',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListCoursesQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(CourseDto) } },
    },
    async ({ req, query }) => {
      const user = currentUser(req);
      return ok((await training.list(user, query)).map((c) => toCourseDto(c, user)));
    },
  );

  r.get(
    '/courses/:id',
    { summary: 'One course (learners see no answers)', tags: TAGS, auth: { kind: 'user', roles: EVERY_ROLE }, params: CourseIdParams, responses: { 200: { description: 'The course', schema: CourseDto }, 404: E404 } },
    async ({ req, params }) => {
      const user = currentUser(req);
      return ok(toCourseDto(await training.get(user, params.id), user));
    },
  );

  r.post(
    '/courses/:id/enrolments',
    {
      summary: 'Enrol a person in a course',
      tags: TAGS,
      auth: { kind: 'user', roles: COURSE_ADMINS },
      params: CourseIdParams,
      body: EnrolBody,
      responses: { 201: { description: 'The enrolment', schema: EnrolmentDto }, 404: { description: 'No course, or no live user, with this id in the tenant' }, 409: { description: 'ALREADY_ENROLLED' } },
    },
    async ({ req, params, body }) => {
      const user = currentUser(req);
      const enrolment = await training.enrol(user, params.id, body.userId);
      return created(toEnrolmentDto(enrolment, (await training.get(user, params.id)).lessons.length));
    },
  );

  r.get(
    '/courses/:id/enrolments',
    { summary: "A course's enrolments with each learner's progress", tags: TAGS, auth: { kind: 'user', roles: COURSE_ADMINS }, params: CourseIdParams, responses: { 200: { description: 'A bare array', schema: z.array(EnrolmentDto) }, 404: E404 } },
    async ({ req, params }) => {
      const { course, enrolments } = await training.enrolments(currentUser(req), params.id);
      return ok(enrolments.map((e) => toEnrolmentDto(e, course.lessons.length)));
    },
  );

  r.get(
    '/me/enrolments',
    {
      summary: "The caller's enrolments, newest first, with their progress in each course",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListCoursesQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(EnrolmentDto) } },
    },
    async ({ req, query }) => ok((await training.myEnrolments(currentUser(req), query)).map((e) => toEnrolmentDto(e, e.totalLessons))),
  );

  r.post(
    '/courses/:id/lessons/:lessonId/complete',
    {
      summary: "The caller completes a lesson of a course they are enrolled in; the last lesson of a course without a quiz completes it (fires course.completed)",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: LessonParams,
      responses: { 200: { description: "The caller's enrolment", schema: EnrolmentDto }, 404: { description: 'Not enrolled in this course, or no such lesson in it' } },
    },
    async ({ req, params }) => {
      const { course, enrolment } = await training.completeLesson(currentUser(req), params.id, params.lessonId);
      return ok(toEnrolmentDto(enrolment, course.lessons.length));
    },
  );

  r.post(
    '/courses/:id/quiz/attempts',
    {
      summary: "The caller's quiz attempt, one answer index per question; the first pass completes the course (fires course.completed)",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: CourseIdParams,
      body: QuizAttemptBody,
      responses: { 201: { description: 'The score', schema: AttemptDto }, 400: { description: 'Validation failure, or not one answer per question' }, 404: { description: 'Not enrolled, or the course has no quiz' } },
    },
    async ({ req, params, body }) => {
      const { scorePct, passed, attempts, course, enrolment } = await training.attempt(currentUser(req), params.id, body.answers);
      return created({ scorePct, passed, attempts, enrolment: toEnrolmentDto(enrolment, course.lessons.length) });
    },
  );
}
