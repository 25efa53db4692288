import type { DataSource } from '@wfm/db/data-source';
import { ConflictError } from '@wfm/core/errors';
import type { CourseEnrolmentEntity, CourseEntity, CourseLessonEntity, CourseQuizQuestionEntity } from '@wfm/db/entities/course.entity';
import { exec, live, many, one, onConstraint, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type Lesson = Row<CourseLessonEntity, 'id' | 'position' | 'title' | 'body'>;
export type Question = Row<CourseQuizQuestionEntity, 'id' | 'text' | 'answerIndex'> & { options: string[] };
export type Course = Row<CourseEntity, 'id' | 'tenantId' | 'title' | 'description' | 'quizPassPct' | 'createdByUserId' | 'createdAt'> & {
  lessons: Lesson[];
  questions: Question[];
};
export type Enrolment = Row<CourseEnrolmentEntity, 'id' | 'tenantId' | 'courseId' | 'userId' | 'quizAttempts' | 'bestScorePct' | 'completedAt' | 'createdAt'> & {
  status: 'IN_PROGRESS' | 'COMPLETED';
  completedLessonIds: string[];
};

const ENROLMENT_COLUMNS = `e.id, e.tenant_id AS "tenantId", e.course_id AS "courseId", e.user_id AS "userId", e.status, e.quiz_attempts AS "quizAttempts",
  e.best_score_pct AS "bestScorePct", e.completed_at AS "completedAt", e.created_at AS "createdAt",
  COALESCE((SELECT array_agg(c.lesson_id::text ORDER BY c.completed_at, c.lesson_id) FROM course_lesson_completions c WHERE c.enrolment_id = e.id), '{}') AS "completedLessonIds"`;

const ENROLLED = { course_enrolments_course_id_user_id_key: () => new ConflictError('The person is already enrolled in this course', 'ALREADY_ENROLLED') };

export class TrainingRepository {
  constructor(private readonly ds: DataSource) {}

  async insertCourse(tx: Tx, c: Course): Promise<void> {
    await exec(tx, `INSERT INTO courses (id, tenant_id, title, description, quiz_pass_pct, created_by_user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`, [
      c.id,
      c.tenantId,
      c.title,
      c.description,
      c.quizPassPct,
      c.createdByUserId,
      c.createdAt,
    ]);
    for (const l of c.lessons) {
      await exec(tx, `INSERT INTO course_lessons (id, tenant_id, course_id, position, title, body) VALUES ($1, $2, $3, $4, $5, $6)`, [l.id, c.tenantId, c.id, l.position, l.title, l.body]);
    }
    for (const [i, q] of c.questions.entries()) {
      await exec(tx, `INSERT INTO course_quiz_questions (id, tenant_id, course_id, position, text, options, answer_index) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
        q.id,
        c.tenantId,
        c.id,
        i + 1,
        q.text,
        JSON.stringify(q.options),
        q.answerIndex,
      ]);
    }
  }

  async findCourse(db: Tx | null, tenantId: string, id: string): Promise<Course | null> {
    const course = await one<Omit<Course, 'lessons' | 'questions'>>(
      db ?? this.ds,
      `SELECT id, tenant_id AS "tenantId", title, description, quiz_pass_pct AS "quizPassPct", created_by_user_id AS "createdByUserId", created_at AS "createdAt"
         FROM courses WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    if (!course) return null;
    const lessons = await many<Lesson>(db ?? this.ds, `SELECT id, position, title, body FROM course_lessons WHERE tenant_id = $1 AND course_id = $2 ORDER BY position`, [tenantId, id]);
    const questions = await many<Question>(
      db ?? this.ds,
      `SELECT id, text, options, answer_index AS "answerIndex" FROM course_quiz_questions WHERE tenant_id = $1 AND course_id = $2 ORDER BY position`,
      [tenantId, id],
    );
    return { ...course, lessons, questions };
  }

  /** Course ids, newest first: all of the tenant, or those `enrolledUserId` is enrolled in. */
  listCourseIds(tenantId: string, enrolledUserId: string | null, limit: number, offset: number): Promise<Array<{ id: string }>> {
    return many(
      this.ds,
      `SELECT c.id FROM courses c WHERE c.tenant_id = $1
          AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM course_enrolments e WHERE e.tenant_id = $1 AND e.course_id = c.id AND e.user_id = $2))
        ORDER BY c.created_at DESC, c.id LIMIT $3 OFFSET $4`,
      [tenantId, enrolledUserId, limit, offset],
    );
  }

  async liveUser(tx: Tx, tenantId: string, userId: string): Promise<boolean> {
    return (await one(tx, `SELECT 1 FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, userId])) !== null;
  }

  async insertEnrolment(tx: Tx, e: { id: string; tenantId: string; courseId: string; userId: string; enrolledBy: string; at: Date }): Promise<void> {
    await exec(
      tx,
      `INSERT INTO course_enrolments (id, tenant_id, course_id, user_id, status, enrolled_by_user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, 'IN_PROGRESS', $5, $6, $6)`,
      [e.id, e.tenantId, e.courseId, e.userId, e.enrolledBy, e.at],
    ).catch((err) => onConstraint(err, ENROLLED));
  }

  lockEnrolment(tx: Tx, tenantId: string, courseId: string, userId: string): Promise<Enrolment | null> {
    return one(tx, `SELECT ${ENROLMENT_COLUMNS} FROM course_enrolments e WHERE e.tenant_id = $1 AND e.course_id = $2 AND e.user_id = $3 FOR UPDATE`, [tenantId, courseId, userId]);
  }

  findEnrolment(db: Tx | null, tenantId: string, id: string): Promise<Enrolment | null> {
    return one(db ?? this.ds, `SELECT ${ENROLMENT_COLUMNS} FROM course_enrolments e WHERE e.tenant_id = $1 AND e.id = $2`, [tenantId, id]);
  }

  /** A learner's enrolments, newest first, each with its course's lesson count. */
  listUserEnrolments(tenantId: string, userId: string, limit: number, offset: number): Promise<Array<Enrolment & { totalLessons: number }>> {
    return many(
      this.ds,
      `SELECT ${ENROLMENT_COLUMNS}, (SELECT count(*)::int FROM course_lessons l WHERE l.tenant_id = e.tenant_id AND l.course_id = e.course_id) AS "totalLessons"
         FROM course_enrolments e WHERE e.tenant_id = $1 AND e.user_id = $2 ORDER BY e.created_at DESC, e.id LIMIT $3 OFFSET $4`,
      [tenantId, userId, limit, offset],
    );
  }

  listEnrolments(tenantId: string, courseId: string): Promise<Enrolment[]> {
    return many(this.ds, `SELECT ${ENROLMENT_COLUMNS} FROM course_enrolments e WHERE e.tenant_id = $1 AND e.course_id = $2 ORDER BY e.created_at, e.id`, [tenantId, courseId]);
  }

  async completeLesson(tx: Tx, tenantId: string, enrolmentId: string, lessonId: string, at: Date): Promise<void> {
    await exec(tx, `INSERT INTO course_lesson_completions (tenant_id, enrolment_id, lesson_id, completed_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [tenantId, enrolmentId, lessonId, at]);
  }

  async recordAttempt(tx: Tx, a: { id: string; tenantId: string; enrolmentId: string; answers: number[]; scorePct: number; passed: boolean; at: Date }): Promise<void> {
    await exec(tx, `INSERT INTO course_quiz_attempts (id, tenant_id, enrolment_id, answers, score_pct, passed, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      a.id,
      a.tenantId,
      a.enrolmentId,
      JSON.stringify(a.answers),
      a.scorePct,
      a.passed,
      a.at,
    ]);
    await exec(
      tx,
      `UPDATE course_enrolments SET quiz_attempts = quiz_attempts + 1, best_score_pct = GREATEST(COALESCE(best_score_pct, 0), $3), updated_at = $4 WHERE tenant_id = $1 AND id = $2`,
      [a.tenantId, a.enrolmentId, a.scorePct, a.at],
    );
  }

  async markCompleted(tx: Tx, tenantId: string, enrolmentId: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE course_enrolments SET status = 'COMPLETED', completed_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, enrolmentId, at]);
  }
}
