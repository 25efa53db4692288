import type { DataSource } from '@wfm/db/data-source';
import type { CareerApplicationEntity, CareerJobEntity } from '@wfm/db/entities/careers.entity';
import { exec, many, one, type Db, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { ApplicationStage } from './application-stages.js';

export interface StoredResume {
  key: string;
  fileName: string;
  mediaType: string;
  size: number;
  sha256: string;
  uploadedAt: Date;
}

export interface StageChange {
  from: ApplicationStage;
  to: ApplicationStage;
  byUserId: string | null;
  at: string;
}

/** An application as recruiters see it; the upload token's hash never leaves the repository's lock. */
export type Application = Row<
  CareerApplicationEntity,
  'id' | 'tenantId' | 'jobId' | 'fullName' | 'email' | 'phone' | 'coverLetter' | 'stageChangedAt' | 'convertedUserId' | 'convertedAt' | 'createdAt' | 'updatedAt'
> & { stage: ApplicationStage; jobTitle: CareerJobEntity['title']; resume: StoredResume | null; history: StageChange[] };

/** The row under a lock, for the services' decisions: stage, the upload credential, the stored file. */
export type ApplicationLock = Row<
  CareerApplicationEntity,
  'id' | 'tenantId' | 'jobId' | 'fullName' | 'email' | 'phone' | 'uploadTokenHash' | 'uploadTokenExpiresAt' | 'resumeKey' | 'convertedUserId'
> & { stage: ApplicationStage };

/** A new application always gets its resume upload credential. */
export type NewApplication = Row<CareerApplicationEntity, 'id' | 'tenantId' | 'jobId' | 'fullName' | 'email' | 'phone' | 'coverLetter'> & {
  [K in 'uploadTokenHash' | 'uploadTokenExpiresAt']: NonNullable<CareerApplicationEntity[K]>;
} & { at: Date };

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const APPLICATION_COLUMNS = `a.id, a.tenant_id AS "tenantId", a.job_id AS "jobId", j.title AS "jobTitle", a.full_name AS "fullName", a.email, a.phone,
  a.cover_letter AS "coverLetter", a.stage, a.stage_changed_at AS "stageChangedAt",
  a.resume_key AS "resumeKey", a.resume_file_name AS "resumeFileName", a.resume_media_type AS "resumeMediaType", a.resume_size AS "resumeSize",
  a.resume_sha256 AS "resumeSha256", a.resume_uploaded_at AS "resumeUploadedAt",
  a.converted_user_id AS "convertedUserId", a.converted_at AS "convertedAt", a.created_at AS "createdAt", a.updated_at AS "updatedAt",
  COALESCE((SELECT json_agg(json_build_object('from', c.from_stage, 'to', c.to_stage, 'byUserId', c.changed_by_user_id, 'at', ${ISO('c.changed_at')}) ORDER BY c.seq)
              FROM career_application_stage_changes c WHERE c.application_id = a.id), '[]') AS history`;

const LOCK_COLUMNS = `a.id, a.tenant_id AS "tenantId", a.job_id AS "jobId", a.full_name AS "fullName", a.email, a.phone, a.stage,
  a.upload_token_hash AS "uploadTokenHash", a.upload_token_expires_at AS "uploadTokenExpiresAt", a.resume_key AS "resumeKey", a.converted_user_id AS "convertedUserId"`;

type ApplicationRow = Omit<Application, 'resume'> &
  Row<CareerApplicationEntity, 'resumeKey' | 'resumeFileName' | 'resumeMediaType' | 'resumeSize' | 'resumeSha256' | 'resumeUploadedAt'>;

function toApplication(row: ApplicationRow): Application {
  const { resumeKey, resumeFileName, resumeMediaType, resumeSize, resumeSha256, resumeUploadedAt, ...rest } = row;
  const resume = resumeKey === null ? null : { key: resumeKey, fileName: resumeFileName!, mediaType: resumeMediaType!, size: resumeSize!, sha256: resumeSha256!, uploadedAt: resumeUploadedAt! };
  return { ...rest, resume };
}

export class ApplicationsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, a: NewApplication): Promise<void> {
    await exec(
      tx,
      `INSERT INTO career_applications (id, tenant_id, job_id, full_name, email, phone, cover_letter, stage, stage_changed_at, upload_token_hash, upload_token_expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'APPLIED', $8, $9, $10, $8, $8)`,
      [a.id, a.tenantId, a.jobId, a.fullName, a.email, a.phone, a.coverLetter, a.at, a.uploadTokenHash, a.uploadTokenExpiresAt],
    );
  }

  async find(db: Db | null, tenantId: string, id: string): Promise<Application | null> {
    const row = await one<ApplicationRow>(db ?? this.ds, `SELECT ${APPLICATION_COLUMNS} FROM career_applications a JOIN career_jobs j ON j.id = a.job_id WHERE a.tenant_id = $1 AND a.id = $2`, [tenantId, id]);
    return row && toApplication(row);
  }

  async list(tenantId: string, filter: { jobId?: string; stage?: ApplicationStage }, limit: number, offset: number): Promise<Application[]> {
    const rows = await many<ApplicationRow>(
      this.ds,
      `SELECT ${APPLICATION_COLUMNS} FROM career_applications a JOIN career_jobs j ON j.id = a.job_id
        WHERE a.tenant_id = $1 AND ($2::uuid IS NULL OR a.job_id = $2) AND ($3::text IS NULL OR a.stage = $3)
        ORDER BY a.created_at DESC, a.id LIMIT $4 OFFSET $5`,
      [tenantId, filter.jobId ?? null, filter.stage ?? null, limit, offset],
    );
    return rows.map(toApplication);
  }

  /** `jobId` given: only an application to that posting (the public upload names both). */
  lock(tx: Tx, tenantId: string, id: string, jobId?: string): Promise<ApplicationLock | null> {
    return one(tx, `SELECT ${LOCK_COLUMNS} FROM career_applications a WHERE a.tenant_id = $1 AND a.id = $2 AND ($3::uuid IS NULL OR a.job_id = $3) FOR UPDATE`, [tenantId, id, jobId ?? null]);
  }

  async changeStage(tx: Tx, tenantId: string, id: string, change: { from: ApplicationStage; to: ApplicationStage; byUserId: string; changeId: string; at: Date }): Promise<void> {
    await exec(
      tx,
      `UPDATE career_applications SET stage = $3, stage_changed_at = $4, updated_at = $4 WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, change.to, change.at],
    );
    await exec(
      tx,
      `INSERT INTO career_application_stage_changes (id, tenant_id, application_id, from_stage, to_stage, changed_by_user_id, changed_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [change.changeId, tenantId, id, change.from, change.to, change.byUserId, change.at],
    );
  }

  async setResume(tx: Tx, tenantId: string, id: string, r: StoredResume): Promise<void> {
    await exec(
      tx,
      `UPDATE career_applications SET resume_key = $3, resume_file_name = $4, resume_media_type = $5, resume_size = $6, resume_sha256 = $7, resume_uploaded_at = $8, updated_at = $8
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, r.key, r.fileName, r.mediaType, r.size, r.sha256, r.uploadedAt],
    );
  }

  async setConverted(tx: Tx, tenantId: string, id: string, userId: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE career_applications SET converted_user_id = $3, converted_at = $4, updated_at = $4 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, userId, at]);
  }

  async delete(tx: Tx, tenantId: string, id: string): Promise<void> {
    await exec(tx, `DELETE FROM career_applications WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /**
   * Removes up to `limit` applications of every tenant decided (HIRED, REJECTED, WITHDRAWN) before
   * `cutoff`, and answers their résumé keys for the caller to delete.
   */
  async deleteDecidedBefore(tx: Tx, cutoff: Date, limit: number): Promise<Array<{ tenantId: string; id: string; resumeKey: string | null }>> {
    return many(
      tx,
      `DELETE FROM career_applications WHERE id IN (
         SELECT id FROM career_applications WHERE stage IN ('HIRED','REJECTED','WITHDRAWN') AND stage_changed_at < $1
          ORDER BY stage_changed_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING tenant_id AS "tenantId", id, resume_key AS "resumeKey"`,
      [cutoff, limit],
    );
  }
}
