import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 14: HR contracts, disciplinary actions, offboarding, training courses, issues. */
export class PeopleLifecycle1764300000000 implements MigrationInterface {
  name = 'PeopleLifecycle1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE hr_contracts (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        job_title text NOT NULL,
        employment_type text NOT NULL CHECK (employment_type IN ('FULL_TIME','PART_TIME','FIXED_TERM','CASUAL','INTERN','CONTRACTOR')),
        status text NOT NULL CHECK (status IN ('DRAFT','ACTIVE','TERMINATED','EXPIRED')),
        start_date date NOT NULL,
        end_date date,
        salary_minor bigint CHECK (salary_minor >= 0),
        currency text CHECK (currency ~ '^[A-Z]{3}$'),
        annual_leave_days numeric(5,1) NOT NULL DEFAULT 28 CHECK (annual_leave_days >= 0),
        end_reason text,
        ended_at timestamptz,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK (end_date IS NULL OR end_date >= start_date),
        CHECK ((salary_minor IS NULL) = (currency IS NULL))
      )`);
    // One active contract per person: activating a second one must end the first in the same transaction.
    await q.query(`CREATE UNIQUE INDEX hr_contracts_one_active_key ON hr_contracts (tenant_id, user_id) WHERE status = 'ACTIVE'`);
    await q.query(`CREATE INDEX hr_contracts_user_idx ON hr_contracts (tenant_id, user_id, created_at DESC, id)`);
    // The daily expiry job reads only active contracts with an end date.
    await q.query(`CREATE INDEX hr_contracts_active_end_idx ON hr_contracts (end_date) WHERE status = 'ACTIVE' AND end_date IS NOT NULL`);

    await q.query(`
      CREATE TABLE disciplinary_actions (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        level text NOT NULL CHECK (level IN ('VERBAL','WRITTEN','FINAL','DISMISSAL')),
        requested_level text NOT NULL CHECK (requested_level IN ('VERBAL','WRITTEN','FINAL','DISMISSAL')),
        category text NOT NULL CHECK (category IN ('ATTENDANCE','CONDUCT','PERFORMANCE','SAFETY','POLICY','OTHER')),
        details text,
        auto_escalated boolean NOT NULL,
        issued_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        issued_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX disciplinary_actions_user_idx ON disciplinary_actions (tenant_id, user_id, category, issued_at DESC)`);

    await q.query(`
      CREATE TABLE offboardings (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        reason text NOT NULL CHECK (reason IN ('RESIGNATION','TERMINATION','REDUNDANCY','RETIREMENT','END_OF_CONTRACT','MUTUAL_AGREEMENT','OTHER')),
        last_working_day date NOT NULL,
        status text NOT NULL CHECK (status IN ('IN_PROGRESS','COMPLETED','CANCELLED')),
        settlement jsonb,
        started_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        finalized_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        completed_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK ((status = 'COMPLETED') = (completed_at IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX offboardings_one_open_key ON offboardings (tenant_id, user_id) WHERE status = 'IN_PROGRESS'`);
    await q.query(`CREATE INDEX offboardings_tenant_idx ON offboardings (tenant_id, created_at DESC, id)`);
    await q.query(`
      CREATE TABLE offboarding_checklist_items (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        offboarding_id uuid NOT NULL REFERENCES offboardings(id) ON DELETE CASCADE,
        position integer NOT NULL,
        title text NOT NULL,
        done boolean NOT NULL DEFAULT false,
        done_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        done_at timestamptz,
        UNIQUE (offboarding_id, position)
      )`);

    await q.query(`
      CREATE TABLE courses (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        title text NOT NULL,
        description text,
        quiz_pass_pct integer CHECK (quiz_pass_pct BETWEEN 1 AND 100),
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX courses_tenant_idx ON courses (tenant_id, created_at DESC, id)`);
    await q.query(`
      CREATE TABLE course_lessons (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        position integer NOT NULL,
        title text NOT NULL,
        body text,
        UNIQUE (course_id, position)
      )`);
    await q.query(`
      CREATE TABLE course_quiz_questions (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        position integer NOT NULL,
        text text NOT NULL,
        options jsonb NOT NULL,
        answer_index integer NOT NULL CHECK (answer_index >= 0),
        UNIQUE (course_id, position)
      )`);
    await q.query(`
      CREATE TABLE course_enrolments (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('IN_PROGRESS','COMPLETED')),
        quiz_attempts integer NOT NULL DEFAULT 0,
        best_score_pct integer,
        enrolled_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        completed_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (course_id, user_id),
        CHECK ((status = 'COMPLETED') = (completed_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX course_enrolments_user_idx ON course_enrolments (tenant_id, user_id)`);
    await q.query(`
      CREATE TABLE course_lesson_completions (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        enrolment_id uuid NOT NULL REFERENCES course_enrolments(id) ON DELETE CASCADE,
        lesson_id uuid NOT NULL REFERENCES course_lessons(id) ON DELETE CASCADE,
        completed_at timestamptz NOT NULL,
        PRIMARY KEY (enrolment_id, lesson_id)
      )`);
    await q.query(`
      CREATE TABLE course_quiz_attempts (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        enrolment_id uuid NOT NULL REFERENCES course_enrolments(id) ON DELETE CASCADE,
        answers jsonb NOT NULL,
        score_pct integer NOT NULL CHECK (score_pct BETWEEN 0 AND 100),
        passed boolean NOT NULL,
        created_at timestamptz NOT NULL
      )`);

    await q.query(`
      CREATE TABLE issues (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        title text NOT NULL,
        description text,
        priority text NOT NULL CHECK (priority IN ('LOW','MEDIUM','HIGH','URGENT')),
        status text NOT NULL CHECK (status IN ('OPEN','IN_PROGRESS','RESOLVED','CLOSED','CANCELLED','VERIFIED')),
        source text NOT NULL CHECK (source IN ('WEB','MOBILE')),
        reporter_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        resolution_note text,
        resolved_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        resolved_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX issues_tenant_idx ON issues (tenant_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX issues_outlet_idx ON issues (tenant_id, outlet_id, status)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['issues', 'course_quiz_attempts', 'course_lesson_completions', 'course_enrolments', 'course_quiz_questions', 'course_lessons', 'courses', 'offboarding_checklist_items', 'offboardings', 'disciplinary_actions', 'hr_contracts']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
