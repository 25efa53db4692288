import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { OutletEntity } from './outlet.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

@Check('career_jobs_check', "((status = 'DRAFT'::text) OR (published_at IS NOT NULL))")
@Check('career_jobs_check1', "((status = 'CLOSED'::text) = (closed_at IS NOT NULL))")
@Check('career_jobs_employment_type_check', "(employment_type = ANY (ARRAY['FULL_TIME'::text, 'PART_TIME'::text, 'FIXED_TERM'::text, 'CASUAL'::text, 'INTERN'::text, 'CONTRACTOR'::text]))")
@Check('career_jobs_status_check', "(status = ANY (ARRAY['DRAFT'::text, 'OPEN'::text, 'CLOSED'::text]))")
@Index('career_jobs_open_idx', ['tenantId', 'publishedAt', 'id'], { where: "(status = 'OPEN'::text)" })
@Index('career_jobs_tenant_idx', ['tenantId', 'createdAt', 'id'])
@Index('career_jobs_tenant_slug_key', ['tenantId', 'slug'], { unique: true })
@Entity({ name: 'career_jobs' })
export class CareerJobEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'career_jobs_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'text' })
  description!: string;

  @ForeignKey(() => OutletEntity, { name: 'career_jobs_outlet_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'outlet_id', type: 'uuid', nullable: true })
  outletId!: string | null;

  @Column({ name: 'employment_type', type: 'text' })
  employmentType!: string;

  @Column({ type: 'text', nullable: true })
  location!: string | null;

  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'career_jobs_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Check('career_applications_check', '((upload_token_hash IS NULL) = (upload_token_expires_at IS NULL))')
@Check('career_applications_check1', '(num_nulls(resume_key, resume_file_name, resume_media_type, resume_size, resume_sha256, resume_uploaded_at) = ANY (ARRAY[0, 6]))')
@Check('career_applications_resume_sha256_check', "(resume_sha256 ~ '^[0-9a-f]{64}$'::text)")
@Check('career_applications_resume_size_check', '(resume_size > 0)')
@Check('career_applications_stage_check', "(stage = ANY (ARRAY['APPLIED'::text, 'SCREENING'::text, 'INTERVIEW'::text, 'OFFER'::text, 'HIRED'::text, 'REJECTED'::text, 'WITHDRAWN'::text]))")
@Index('career_applications_decided_idx', ['stageChangedAt'], { where: "(stage = ANY (ARRAY['HIRED'::text, 'REJECTED'::text, 'WITHDRAWN'::text]))" })
@Index('career_applications_job_idx', ['tenantId', 'jobId', 'stage', 'createdAt'])
@Index('career_applications_tenant_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'career_applications' })
export class CareerApplicationEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'career_applications_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => CareerJobEntity, { name: 'career_applications_job_id_fkey' })
  @Column({ name: 'job_id', type: 'uuid' })
  jobId!: string;

  @Column({ name: 'full_name', type: 'text' })
  fullName!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ name: 'cover_letter', type: 'text', nullable: true })
  coverLetter!: string | null;

  @Column({ type: 'text' })
  stage!: string;

  @Column({ name: 'stage_changed_at', type: 'timestamptz' })
  stageChangedAt!: Date;

  @Column({ name: 'upload_token_hash', type: 'text', nullable: true })
  uploadTokenHash!: string | null;

  @Column({ name: 'upload_token_expires_at', type: 'timestamptz', nullable: true })
  uploadTokenExpiresAt!: Date | null;

  @Column({ name: 'resume_key', type: 'text', nullable: true })
  resumeKey!: string | null;

  @Column({ name: 'resume_file_name', type: 'text', nullable: true })
  resumeFileName!: string | null;

  @Column({ name: 'resume_media_type', type: 'text', nullable: true })
  resumeMediaType!: string | null;

  @Column({ name: 'resume_size', type: 'integer', nullable: true })
  resumeSize!: number | null;

  @Column({ name: 'resume_sha256', type: 'text', nullable: true })
  resumeSha256!: string | null;

  @Column({ name: 'resume_uploaded_at', type: 'timestamptz', nullable: true })
  resumeUploadedAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'career_applications_converted_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'converted_user_id', type: 'uuid', nullable: true })
  convertedUserId!: string | null;

  @Column({ name: 'converted_at', type: 'timestamptz', nullable: true })
  convertedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Index('career_application_stage_changes_app_idx', ['applicationId', 'seq'])
@Entity({ name: 'career_application_stage_changes' })
export class CareerApplicationStageChangeEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'bigint', generated: 'identity', generatedIdentity: 'ALWAYS' })
  seq!: string;

  @ForeignKey(() => TenantEntity, { name: 'career_application_stage_changes_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => CareerApplicationEntity, { name: 'career_application_stage_changes_application_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'application_id', type: 'uuid' })
  applicationId!: string;

  @Column({ name: 'from_stage', type: 'text' })
  fromStage!: string;

  @Column({ name: 'to_stage', type: 'text' })
  toStage!: string;

  @ForeignKey(() => UserEntity, { name: 'career_application_stage_changes_changed_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'changed_by_user_id', type: 'uuid', nullable: true })
  changedByUserId!: string | null;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;
}
