import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 17: job postings on the tenant's careers page, applications with a résumé, their stage history. */
export class Careers1764700002000 implements MigrationInterface {
  name = 'Careers1764700002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE career_jobs (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        title text NOT NULL,
        slug text NOT NULL,
        description text NOT NULL,
        outlet_id uuid REFERENCES outlets(id) ON DELETE SET NULL,
        employment_type text NOT NULL CHECK (employment_type IN ('FULL_TIME','PART_TIME','FIXED_TERM','CASUAL','INTERN','CONTRACTOR')),
        location text,
        status text NOT NULL CHECK (status IN ('DRAFT','OPEN','CLOSED')),
        published_at timestamptz,
        closed_at timestamptz,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK (status = 'DRAFT' OR published_at IS NOT NULL),
        CHECK ((status = 'CLOSED') = (closed_at IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX career_jobs_tenant_slug_key ON career_jobs (tenant_id, slug)`);
    await q.query(`CREATE INDEX career_jobs_tenant_idx ON career_jobs (tenant_id, created_at DESC, id)`);
    // The public page reads a tenant's open postings, newest first.
    await q.query(`CREATE INDEX career_jobs_open_idx ON career_jobs (tenant_id, published_at DESC, id) WHERE status = 'OPEN'`);

    await q.query(`
      CREATE TABLE career_applications (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        job_id uuid NOT NULL REFERENCES career_jobs(id),
        full_name text NOT NULL,
        email text NOT NULL,
        phone text,
        cover_letter text,
        stage text NOT NULL CHECK (stage IN ('APPLIED','SCREENING','INTERVIEW','OFFER','HIRED','REJECTED','WITHDRAWN')),
        stage_changed_at timestamptz NOT NULL,
        upload_token_hash text,
        upload_token_expires_at timestamptz,
        resume_key text,
        resume_file_name text,
        resume_media_type text,
        resume_size integer CHECK (resume_size > 0),
        resume_sha256 text CHECK (resume_sha256 ~ '^[0-9a-f]{64}$'),
        resume_uploaded_at timestamptz,
        converted_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        converted_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK ((upload_token_hash IS NULL) = (upload_token_expires_at IS NULL)),
        CHECK (num_nulls(resume_key, resume_file_name, resume_media_type, resume_size, resume_sha256, resume_uploaded_at) IN (0, 6))
      )`);
    await q.query(`CREATE INDEX career_applications_tenant_idx ON career_applications (tenant_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX career_applications_job_idx ON career_applications (tenant_id, job_id, stage, created_at DESC)`);
    // The retention job reads decided applications by the time of their decision, across tenants.
    await q.query(`CREATE INDEX career_applications_decided_idx ON career_applications (stage_changed_at) WHERE stage IN ('HIRED','REJECTED','WITHDRAWN')`);

    await q.query(`
      CREATE TABLE career_application_stage_changes (
        id uuid PRIMARY KEY,
        -- The order changes were made in: several can share a timestamp (one clock reading per request).
        seq bigint GENERATED ALWAYS AS IDENTITY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        application_id uuid NOT NULL REFERENCES career_applications(id) ON DELETE CASCADE,
        from_stage text NOT NULL,
        to_stage text NOT NULL,
        changed_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        changed_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX career_application_stage_changes_app_idx ON career_application_stage_changes (application_id, seq)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['career_application_stage_changes', 'career_applications', 'career_jobs']) await q.query(`DROP TABLE ${table}`);
  }
}
