import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, Unique } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

@Check('courses_quiz_pass_pct_check', '((quiz_pass_pct >= 1) AND (quiz_pass_pct <= 100))')
@Index('courses_tenant_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'courses' })
export class CourseEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'courses_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'quiz_pass_pct', type: 'integer', nullable: true })
  quizPassPct!: number | null;

  @ForeignKey(() => UserEntity, { name: 'courses_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Unique('course_lessons_course_id_position_key', ['courseId', 'position'])
@Entity({ name: 'course_lessons' })
export class CourseLessonEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'course_lessons_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => CourseEntity, { name: 'course_lessons_course_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', nullable: true })
  body!: string | null;
}

@Unique('course_quiz_questions_course_id_position_key', ['courseId', 'position'])
@Check('course_quiz_questions_answer_index_check', '(answer_index >= 0)')
@Entity({ name: 'course_quiz_questions' })
export class CourseQuizQuestionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'course_quiz_questions_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => CourseEntity, { name: 'course_quiz_questions_course_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'jsonb' })
  options!: unknown;

  @Column({ name: 'answer_index', type: 'integer' })
  answerIndex!: number;
}

@Unique('course_enrolments_course_id_user_id_key', ['courseId', 'userId'])
@Check('course_enrolments_check', "((status = 'COMPLETED'::text) = (completed_at IS NOT NULL))")
@Check('course_enrolments_status_check', "(status = ANY (ARRAY['IN_PROGRESS'::text, 'COMPLETED'::text]))")
@Index('course_enrolments_user_idx', ['tenantId', 'userId'])
@Entity({ name: 'course_enrolments' })
export class CourseEnrolmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'course_enrolments_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => CourseEntity, { name: 'course_enrolments_course_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @ForeignKey(() => UserEntity, { name: 'course_enrolments_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'quiz_attempts', type: 'integer', default: 0 })
  quizAttempts!: number;

  @Column({ name: 'best_score_pct', type: 'integer', nullable: true })
  bestScorePct!: number | null;

  @ForeignKey(() => UserEntity, { name: 'course_enrolments_enrolled_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'enrolled_by_user_id', type: 'uuid', nullable: true })
  enrolledByUserId!: string | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}


@Entity({ name: 'course_lesson_completions' })
export class CourseLessonCompletionEntity {
  @ForeignKey(() => TenantEntity, { name: 'course_lesson_completions_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => CourseEnrolmentEntity, { name: 'course_lesson_completions_enrolment_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'enrolment_id', type: 'uuid' })
  enrolmentId!: string;

  @ForeignKey(() => CourseLessonEntity, { name: 'course_lesson_completions_lesson_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'lesson_id', type: 'uuid' })
  lessonId!: string;

  @Column({ name: 'completed_at', type: 'timestamptz' })
  completedAt!: Date;
}

@Check('course_quiz_attempts_score_pct_check', '((score_pct >= 0) AND (score_pct <= 100))')
@Entity({ name: 'course_quiz_attempts' })
export class CourseQuizAttemptEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'course_quiz_attempts_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => CourseEnrolmentEntity, { name: 'course_quiz_attempts_enrolment_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'enrolment_id', type: 'uuid' })
  enrolmentId!: string;

  @Column({ type: 'jsonb' })
  answers!: unknown;

  @Column({ name: 'score_pct', type: 'integer' })
  scorePct!: number;

  @Column({ type: 'boolean' })
  passed!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
