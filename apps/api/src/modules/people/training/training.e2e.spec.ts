import { expect } from 'chai';
import { createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { quizScore } from './training.service.js';

const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const NOT_FOUND = { message: 'Course not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });

describe('training courses (HTTP)', () => {
  const s = twoTenantSuite();
  let admin: string;
  let learner: CreatedUser;
  let learnerToken: string;

  beforeEach(async () => {
    admin = await s.tokenAs('AREA_MANAGER');
    learner = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    learnerToken = await s.h.tokenFor(learner);
  });

  const quiz = { passPct: 60, questions: [0, 1, 2, 3, 4].map((i) => ({ text: `Q${i}`, options: ['a', 'b', 'c'], answerIndex: i % 3 })) };
  const course = async (withQuiz = true) => {
    const res = await s.h.request('POST', '/courses', { token: admin, body: { title: 'Food safety', lessons: [{ title: 'Hand washing' }, { title: 'Temperatures', body: 'Below 5°C' }], ...(withQuiz ? { quiz } : {}) } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  };
  const enrol = (courseId: string, userId = learner.id, token = admin) => s.h.request('POST', `/courses/${courseId}/enrolments`, { token, body: { userId } });
  const attempt = (courseId: string, answers: number[], token = learnerToken) => s.h.request('POST', `/courses/${courseId}/quiz/attempts`, { token, body: { answers } });
  const complete = (courseId: string, lessonId: string, token = learnerToken) => s.h.request('POST', `/courses/${courseId}/lessons/${lessonId}/complete`, { token });
  const completions = async () => (await s.h.ds.query(`SELECT payload FROM domain_events WHERE tenant_id = $1 AND type = 'course.completed'`, [s.tenantA])).map((r: { payload: unknown }) => r.payload);

  it('scores a quiz as the whole-number share of right answers', () => {
    expect(quizScore([0, 1, 2], [0, 1, 2])).to.equal(100);
    expect(quizScore([0, 1, 2], [0, 0, 0])).to.equal(33);
    expect(quizScore([0, 1, 2], [0, 1, 0])).to.equal(67);
  });

  it('creates a course with ordered lessons and a quiz; learners see it only once enrolled, without the answers', async () => {
    const c = await course();
    expect(c.lessons.map((l: { position: number; title: string }) => [l.position, l.title])).to.deep.equal([
      [1, 'Hand washing'],
      [2, 'Temperatures'],
    ]);
    expect(c.quiz.questions[1]).to.include({ text: 'Q1', answerIndex: 1 });
    expect((await s.h.request('GET', `/courses/${c.id}`, { token: learnerToken })).body).to.deep.equal(NOT_FOUND);
    expect((await enrol(c.id)).body).to.include({ status: 'IN_PROGRESS', totalLessons: 2, quizAttempts: 0 });
    const seen = await s.h.request('GET', `/courses/${c.id}`, { token: learnerToken });
    expect(seen.body.quiz.questions[1]).to.not.have.property('answerIndex');
    expect((await s.h.request('GET', '/courses', { token: learnerToken })).body.map((x: { id: string }) => x.id)).to.deep.equal([c.id]);
    expect((await enrol(c.id)).body).to.deep.equal({ message: 'The person is already enrolled in this course', error: 'ALREADY_ENROLLED', statusCode: 409 });
  });

  it('a failed attempt is recorded; the first pass completes the course once (course.completed), later attempts do not', async () => {
    const c = await course();
    await enrol(c.id);
    expect((await attempt(c.id, [1, 1, 1, 1, 1])).body).to.deep.include({ scorePct: 40, passed: false, attempts: 1 });
    const pass = await attempt(c.id, [0, 1, 2, 0, 0]);
    expect(pass.status).to.equal(201);
    expect(pass.body).to.deep.include({ scorePct: 80, passed: true, attempts: 2 });
    expect(pass.body.enrolment).to.include({ status: 'COMPLETED', bestScorePct: 80, quizAttempts: 2 });
    expect((await attempt(c.id, [0, 1, 2, 0, 1])).body).to.deep.include({ scorePct: 100, passed: true, attempts: 3 });
    expect(await completions()).to.deep.equal([{ tenantId: s.tenantA, courseId: c.id, courseTitle: 'Food safety', userId: learner.id, scorePct: 80, attempts: 2 }]);
  });

  it('a course without a quiz completes with its last lesson (scorePct 100, attempts 0); lessons are idempotent', async () => {
    const c = await course(false);
    await enrol(c.id);
    expect((await complete(c.id, c.lessons[1].id)).body).to.include({ status: 'IN_PROGRESS' });
    expect((await complete(c.id, c.lessons[1].id)).body.completedLessonIds).to.deep.equal([c.lessons[1].id]);
    expect(await completions()).to.deep.equal([]);
    expect((await complete(c.id, c.lessons[0].id)).body).to.include({ status: 'COMPLETED', completedAt: s.h.clock.now().toISOString() });
    expect((await complete(c.id, c.lessons[0].id)).body.status).to.equal('COMPLETED');
    expect(await completions()).to.deep.equal([{ tenantId: s.tenantA, courseId: c.id, courseTitle: 'Food safety', userId: learner.id, scorePct: 100, attempts: 0 }]);
    expect((await attempt(c.id, [0])).body).to.deep.equal({ message: 'This course has no quiz', error: 'Not Found', statusCode: 404 });
  });

  it("GET /me/enrolments: the caller's own enrolments, newest first, with their progress; nobody else's; 401", async () => {
    const older = await course(false);
    const newer = await course();
    await enrol(older.id);
    s.h.clock.advance(1000);
    await enrol(newer.id);
    await complete(older.id, older.lessons[0].id);
    const other = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    await enrol(older.id, other.id);
    const mine = await s.h.request('GET', '/me/enrolments', { token: learnerToken });
    expect(mine.status).to.equal(200);
    expect(mine.body.map((e: { courseId: string; userId: string; totalLessons: number; completedLessonIds: string[] }) => [e.courseId, e.userId, e.totalLessons, e.completedLessonIds])).to.deep.equal([
      [newer.id, learner.id, 2, []],
      [older.id, learner.id, 2, [older.lessons[0].id]],
    ]);
    expect((await s.h.request('GET', '/me/enrolments?limit=1&offset=1', { token: learnerToken })).body.map((e: { courseId: string }) => e.courseId)).to.deep.equal([older.id]);
    expect((await s.h.request('GET', '/me/enrolments', { token: admin })).body).to.deep.equal([]);
    expect((await s.h.request('GET', '/me/enrolments', { token: await s.tokenAs('STAFF', s.tenantB) })).body).to.deep.equal([]);
    expect((await s.h.request('GET', '/me/enrolments?userId=' + other.id, { token: learnerToken })).status).to.equal(400);
    expect((await s.h.request('GET', '/me/enrolments', {})).body).to.deep.equal(UNAUTHORIZED);
  });

  it('validates courses and attempts', async () => {
    const bad = await s.h.request('POST', '/courses', { token: admin, body: { title: 'X', lessons: [], quiz: { passPct: 0, questions: [{ text: 'Q', options: ['a', 'b'], answerIndex: 2 }] } } });
    expect(bad.body).to.deep.equal(badRequest('lessons must contain at least 1 element', 'quiz.passPct must not be less than 1', 'quiz.questions.0.answerIndex must be the index of one of the options'));
    const c = await course();
    await enrol(c.id);
    expect((await attempt(c.id, [0, 1])).body).to.deep.equal(badRequest('answers must have one entry per question (5)'));
    expect((await attempt(c.id, [])).body).to.deep.equal(badRequest('answers must contain at least 1 element'));
  });

  it('roles: course managers build and enrol (STAFF, OUTLET_MANAGER 403); the enrolled only take it; 401; 404 across tenants', async () => {
    for (const role of ['STAFF', 'OUTLET_MANAGER', 'OPERATIONS_MANAGER'] as const) {
      expect((await s.h.request('POST', '/courses', { token: await s.tokenAs(role), body: { title: 'X', lessons: [{ title: 'L' }] } })).body).to.deep.equal(FORBIDDEN);
    }
    const c = await course();
    expect((await enrol(c.id, learner.id, learnerToken)).body).to.deep.equal(FORBIDDEN);
    expect((await s.h.request('GET', `/courses/${c.id}/enrolments`, { token: learnerToken })).body).to.deep.equal(FORBIDDEN);
    expect((await attempt(c.id, [0, 1, 2, 0, 1])).body).to.deep.equal(NOT_FOUND);
    expect((await complete(c.id, c.lessons[0].id)).body).to.deep.equal(NOT_FOUND);
    const foreign = await s.tokenAs('HR_MANAGER', s.tenantB);
    expect((await s.h.request('GET', `/courses/${c.id}`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
    expect((await enrol(c.id, learner.id, foreign)).body).to.deep.equal(NOT_FOUND);
    const stranger = await createUser(s.h.ds, s.tenantB, { role: 'STAFF' });
    expect((await enrol(c.id, stranger.id)).body).to.deep.equal({ message: 'User not found', error: 'Not Found', statusCode: 404 });
    await enrol(c.id);
    expect((await complete(c.id, '7f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b')).body).to.deep.equal({ message: 'Lesson not found', error: 'Not Found', statusCode: 404 });
    expect((await s.h.request('GET', `/courses/${c.id}/enrolments`, { token: admin })).body.map((e: { userId: string }) => e.userId)).to.deep.equal([learner.id]);
    expect((await s.h.request('GET', '/courses', {})).body).to.deep.equal(UNAUTHORIZED);
  });
});
