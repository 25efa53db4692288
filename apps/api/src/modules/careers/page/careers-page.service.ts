import type { Clock } from '@wfm/core/clock';
import { randomToken, uuid, type SecretHasher } from '@wfm/core/crypto';
import { ConflictError, NotFoundError, UnauthorizedError, UnsupportedMediaTypeError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { TransactionRunner } from '@wfm/db/transaction';
import { mediaTypeOf, sniffUpload, type UploadedFile } from '../../../storage/uploaded-file.js';
import type { FileStorage } from '../../../storage/file-storage.js';
import type { ApplicationsRepository, StoredResume } from '../applications/applications.repository.js';
import type { Job, JobsRepository } from '../jobs/jobs.repository.js';
import type { CareersPageRepository } from './careers-page.repository.js';
import type { ApplyBody, ApplyResultDto, CareersTenantDto, PublicJobDto, PublicJobsQuery } from './careers-page.schemas.js';

/** How long after applying the applicant may upload (and replace) their résumé. */
export const RESUME_UPLOAD_WINDOW_MS = 60 * 60 * 1000;
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;

function toPublicJobDto(job: Job): PublicJobDto {
  return { slug: job.slug, title: job.title, description: job.description, employmentType: job.employmentType, location: job.location, publishedAt: job.publishedAt!.toISOString() };
}

function resumeKey(tenantId: string): string {
  return `${tenantId}/careers/${uuid()}`;
}

/** The tenant's public look (the branding module's), shown at the top of its careers page. */
export interface CareersBranding {
  publicBySlug(slug: string): Promise<CareersTenantDto>;
}

const pageNotFound = () => new NotFoundError('Careers page not found');
const jobNotFound = () => new NotFoundError('Job posting not found');

/**
 * The tenant's public careers page: its open postings, applications to them and the applicant's
 * résumé. Nobody signs in here. The applicant is identified for the upload by the token the
 * application answered (shown once, stored hashed, valid RESUME_UPLOAD_WINDOW_MS), and only while
 * nobody has moved the application on from APPLIED: a recruiter never sees the file change under
 * review. Spec 03 has no careers events, so nothing here records one.
 */
export class CareersPageService {
  constructor(
    private readonly tenants: CareersPageRepository,
    private readonly jobs: JobsRepository,
    private readonly applications: ApplicationsRepository,
    private readonly transaction: TransactionRunner,
    private readonly files: FileStorage,
    private readonly secrets: SecretHasher,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly branding: CareersBranding,
  ) {}

  /** A tenant that has never published a posting has no careers page, so the address reveals nothing about it. */
  async page(tenantSlug: string, query: PublicJobsQuery): Promise<{ tenant: CareersTenantDto; jobs: PublicJobDto[] }> {
    const tenant = await this.tenants.findTenant(tenantSlug);
    if (!tenant?.hasPublished) throw pageNotFound();
    const jobs = await this.jobs.listOpen(tenant.id, query.limit, query.offset);
    return { tenant: await this.branding.publicBySlug(tenant.slug), jobs: jobs.map(toPublicJobDto) };
  }

  async job(tenantSlug: string, jobSlug: string): Promise<{ tenant: CareersTenantDto; job: PublicJobDto }> {
    const { tenant, job } = await this.openJob(tenantSlug, jobSlug);
    return { tenant: await this.branding.publicBySlug(tenant.slug), job: toPublicJobDto(job) };
  }

  /**
   * Every application is kept, also a second one from the same address: refusing it would tell
   * anyone who tries an email whether that person applied here.
   */
  async apply(tenantSlug: string, jobSlug: string, body: ApplyBody): Promise<ApplyResultDto> {
    const tenant = await this.tenants.findTenant(tenantSlug);
    if (!tenant) throw jobNotFound();
    const now = this.clock.now();
    const uploadToken = randomToken(32);
    const expiresAt = new Date(now.getTime() + RESUME_UPLOAD_WINDOW_MS);
    const id = uuid();
    await this.transaction(async (tx) => {
      const job = await this.jobs.findOpen(tx, tenant.id, jobSlug);
      if (!job) throw jobNotFound();
      await this.applications.insert(tx, {
        id,
        tenantId: tenant.id,
        jobId: job.id,
        fullName: body.fullName,
        email: body.email,
        phone: body.phone ?? null,
        coverLetter: body.coverLetter ?? null,
        uploadTokenHash: this.secrets.hash(uploadToken),
        uploadTokenExpiresAt: expiresAt,
        at: now,
      });
    });
    return { applicationId: id, uploadToken, uploadTokenExpiresAt: expiresAt.toISOString() };
  }

  /**
   * Stores the résumé of an application to this posting, replacing an earlier one. In order: the
   * posting (404), the application under it (404), the token (401), the stage (409), then what the
   * file is by its bytes (415). The new file is written before the row points at it and the old one
   * removed after the commit, so the row never names a missing file.
   */
  async uploadResume(tenantSlug: string, jobSlug: string, form: { applicationId: string; uploadToken: string }, file: UploadedFile): Promise<{ replaced: boolean; resume: StoredResume }> {
    const { tenant, job } = await this.openJob(tenantSlug, jobSlug);
    const now = this.clock.now();
    const key = resumeKey(tenant.id);
    let stored = false;
    let outcome: { previous: string | null; resume: StoredResume };
    try {
      outcome = await this.transaction(async (tx) => {
        const application = await this.applications.lock(tx, tenant.id, form.applicationId, job.id);
        if (!application) throw new NotFoundError('Application not found');
        const { uploadTokenHash: hash, uploadTokenExpiresAt: expiresAt } = application;
        if (!hash || !expiresAt || expiresAt <= now || !this.secrets.matches(form.uploadToken, hash)) throw new UnauthorizedError();
        if (application.stage !== 'APPLIED') throw new ConflictError('The application is under review: its résumé can no longer be changed', 'APPLICATION_UNDER_REVIEW');
        const type = sniffUpload(file);
        if (type !== 'pdf' && type !== 'docx') throw new UnsupportedMediaTypeError('A résumé must be a PDF or a Word (.docx) document');
        const resume: StoredResume = { key, fileName: file.originalName, mediaType: mediaTypeOf(type), size: file.size, sha256: file.sha256, uploadedAt: now };
        await this.files.putFile(key, file.path);
        stored = true;
        await this.applications.setResume(tx, tenant.id, application.id, resume);
        return { previous: application.resumeKey, resume };
      });
    } catch (err) {
      if (stored) await this.discard(tenant.id, key);
      throw err;
    }
    if (outcome.previous) await this.discard(tenant.id, outcome.previous);
    return { replaced: outcome.previous !== null, resume: outcome.resume };
  }

  /** A file no row names any more; a failure leaves it for the operator, logged by key (no personal data). */
  private async discard(tenantId: string, key: string): Promise<void> {
    await this.files.delete(key).catch((err: unknown) => this.logger.error({ err, tenantId, key }, 'résumé file could not be deleted'));
  }

  private async openJob(tenantSlug: string, jobSlug: string) {
    const tenant = await this.tenants.findTenant(tenantSlug);
    const job = tenant && (await this.jobs.findOpen(null, tenant.id, jobSlug));
    if (!tenant || !job) throw jobNotFound();
    return { tenant, job };
  }
}
