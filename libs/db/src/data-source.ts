import 'reflect-metadata';
import pg from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { AccessAuditEntity, AccessExternalDoorEntity, AccessFeedVersionEntity, AccessGrantEntity, AccessIntegrationEntity, AccessReaderEntity, AccessReaderKeyEntity, AccessSigningKeyEntity, AccessVisitorPassEntity, AccessZoneEntity, AccessZoneReaderEntity } from './entities/access.entity.js';
import { AutomationEntity, AutomationRunEntity } from './entities/automations.entity.js';
import { AvailabilityTimeOffEntity, AvailabilityWindowEntity } from './entities/availability.entity.js';
import { ComplianceContractSettingsEntity, ComplianceOutletPacksEntity, ComplianceSettingsEntity, ComplianceViolationEntity } from './entities/compliance.entity.js';
import { IdempotencyKeyEntity } from './entities/idempotency-key.entity.js';
import { AttendanceEventEntity } from './entities/attendance-event.entity.js';
import { AuthSessionEntity, OneTimeTokenEntity, RefreshTokenEntity } from './entities/auth.entity.js';
import { SalesLeadEntity, TenantBrandingEntity, UserPublicProfileEntity } from './entities/branding-profiles-leads.entity.js';
import { CareerApplicationEntity, CareerApplicationStageChangeEntity, CareerJobEntity } from './entities/careers.entity.js';
import { CourseEnrolmentEntity, CourseEntity, CourseLessonCompletionEntity, CourseLessonEntity, CourseQuizAttemptEntity, CourseQuizQuestionEntity } from './entities/course.entity.js';
import { ApiKeyEntity, OAuthAccessTokenEntity, OAuthClientEntity } from './entities/developer-credential.entity.js';
import { DomainEventEntity } from './entities/domain-event.entity.js';
import { EsignDocumentEntity, EsignRequestEntity } from './entities/esign.entity.js';
import { KioskEntity, KioskPinEntity } from './entities/kiosk.entity.js';
import { LeaveApprovalStepEntity, LeaveRequestApprovalEntity, LeaveRequestEntity } from './entities/leave.entity.js';
import { MailOutboxEntity } from './entities/mail-outbox.entity.js';
import { MessagingMessageEntity } from './entities/messaging.entity.js';
import { NotificationDeliveryEntity, NotificationEntity, NotificationPreferenceEntity } from './entities/notification.entity.js';
import { PushSubscriptionEntity } from './entities/push-subscription.entity.js';
import { OutletEntity } from './entities/outlet.entity.js';
import { AccountingConnectionEntity, AccountingOAuthStateEntity, PaySettingsEntity, PayrollDeductionRuleEntity, PayrollRunEntity, PayslipEntity } from './entities/payroll.entity.js';
import { AssetCategoryEntity, AssetEntity, IssueEntity, VendorEntity } from './entities/operations.entity.js';
import { ChecklistRunEntity, ChecklistRunTaskEntity, ChecklistScheduleEntity, ChecklistTemplateEntity, ChecklistTemplateTaskEntity } from './entities/checklists.entity.js';
import { AssetMeterReadingEntity, AssetServiceLogEntity, MaintenanceDueEntity, MaintenanceScheduleEntity, WorkOrderEntity } from './entities/maintenance.entity.js';
import { TroubleshootingGuideEntity, TroubleshootingSessionEntity } from './entities/troubleshooting.entity.js';
import { LeaveAccrualPolicyEntity, LeaveLedgerEntryEntity } from './entities/leave-accrual.entity.js';
import { ScheduleProposalEntity, StaffingTargetEntity } from './entities/auto-scheduler.entity.js';
import { DisciplinaryActionEntity, HrContractEntity, OffboardingChecklistItemEntity, OffboardingEntity } from './entities/people-lifecycle.entity.js';
import { PolicyAcknowledgementEntity, PolicyEntity } from './entities/policy.entity.js';
import { OpenShiftEntity, RosterEntity, ShiftSwapEntity, ShiftTemplateEntity } from './entities/scheduling.entity.js';
import { ShiftAssignmentEntity } from './entities/shift-assignment.entity.js';
import { SsoConnectionEntity, SsoDomainEntity, SsoExchangeCodeEntity, SsoIdentityEntity, SsoLoginStateEntity, SsoUsedAssertionEntity } from './entities/sso.entity.js';
import { TenantEntity } from './entities/tenant.entity.js';
import { UserOutletEntity } from './entities/user-outlet.entity.js';
import { UserEntity } from './entities/user.entity.js';
import { AccessWalletPassEntity, AccessWalletRegistrationEntity } from './entities/wallet-pass.entity.js';
import { WebhookDeliveryEntity, WebhookPortalLinkEntity, WebhookSubscriptionEntity } from './entities/webhook.entity.js';
import { DeveloperRequestLogEntity } from './entities/developer-request-log.entity.js';
import { PlanRequestEntity } from './entities/plan-request.entity.js';
import { Foundation1763700000000 } from './migrations/1763700000000-foundation.js';
import { DeveloperCredentials1763800000000 } from './migrations/1763800000000-developer-credentials.js';
import { ShiftsAttendance1763800001000 } from './migrations/1763800001000-shifts-attendance.js';
import { Leave1763800002000 } from './migrations/1763800002000-leave.js';
import { AccessControl1763900000000 } from './migrations/1763900000000-access-control.js';
import { UserOutlets1763900001000 } from './migrations/1763900001000-user-outlets.js';
import { AccessSigningKeyCurrent1763900002000 } from './migrations/1763900002000-access-signing-key-current.js';
import { Webhooks1764000000000 } from './migrations/1764000000000-webhooks.js';
import { WebhookDeliveryWorker1764000001000 } from './migrations/1764000001000-webhook-delivery-worker.js';
import { AccountVerification1764100000000 } from './migrations/1764100000000-account-verification.js';
import { Scheduling1764200000000 } from './migrations/1764200000000-scheduling.js';
import { PeopleLifecycle1764300000000 } from './migrations/1764300000000-people-lifecycle.js';
import { Payroll1764400000000 } from './migrations/1764400000000-payroll.js';
import { Scim1764500000000 } from './migrations/1764500000000-scim.js';
import { Sso1764600000000 } from './migrations/1764600000000-sso.js';
import { Messaging1764700000000 } from './migrations/1764700000000-messaging.js';
import { BrandingProfilesLeads1764700001000 } from './migrations/1764700001000-branding-profiles-leads.js';
import { Careers1764700002000 } from './migrations/1764700002000-careers.js';
import { Esign1764700003000 } from './migrations/1764700003000-esign.js';
import { Kiosks1764700004000 } from './migrations/1764700004000-kiosks.js';
import { WalletPasses1764700005000 } from './migrations/1764700005000-wallet-passes.js';
import { AccessOfflineWindow1764800000000 } from './migrations/1764800000000-access-offline-window.js';
import { OperationsAssets1764900000000 } from './migrations/1764900000000-operations-assets.js';
import { Checklists1764900002000 } from './migrations/1764900002000-checklists.js';
import { Maintenance1764900003000 } from './migrations/1764900003000-maintenance.js';
import { Troubleshooting1764900004000 } from './migrations/1764900004000-troubleshooting.js';
import { AutoScheduler1764940001000 } from './migrations/1764940001000-auto-scheduler.js';
import { ViolationWithdrawn1764960001000 } from './migrations/1764960001000-violation-withdrawn.js';
import { IdempotencyKeys1764970001000 } from './migrations/1764970001000-idempotency-keys.js';
import { ListCursorKeys1764971001000 } from './migrations/1764971001000-list-cursor-keys.js';
import { DeveloperRequestLogs1764972001000 } from './migrations/1764972001000-developer-request-logs.js';
import { PayrollLeftOut1764980001000 } from './migrations/1764980001000-payroll-left-out.js';
import { WebhookPortal1764974001000 } from './migrations/1764974001000-webhook-portal.js';
import { PlanRequests1764985001000 } from './migrations/1764985001000-plan-requests.js';
import { Automations1764900005000 } from './migrations/1764900005000-automations.js';
import { IssueAssignee1764900006000 } from './migrations/1764900006000-issue-assignee.js';
import { Availability1764920001000 } from './migrations/1764920001000-availability.js';
import { AutomationWorkOrders1764900007000 } from './migrations/1764900007000-automation-work-orders.js';
import { Compliance1764910001000 } from './migrations/1764910001000-compliance.js';
import { LeaveAccrual1764930001000 } from './migrations/1764930001000-leave-accrual.js';
import { TraceContext1764973001000 } from './migrations/1764973001000-trace-context.js';
import { OutletTimezone1764990001000 } from './migrations/1764990001000-outlet-timezone.js';
import { NotificationCentre1765000001000 } from './migrations/1765000001000-notification-centre.js';
import { NotificationChannels1765000100000 } from './migrations/1765000100000-notification-channels.js';
import { LocaleLanguage1765000400000 } from './migrations/1765000400000-locale-language.js';
import { ShiftTemplates1765000200000 } from './migrations/1765000200000-shift-templates.js';

export type { DataSource, EntityManager };
export type { QueryRunner } from 'typeorm';

/** Listed by hand: no globbing, so what runs is what a reviewer sees here. */
export const ENTITIES = [
  TenantEntity,
  UserEntity,
  OutletEntity,
  AuthSessionEntity,
  RefreshTokenEntity,
  OneTimeTokenEntity,
  MailOutboxEntity,
  DomainEventEntity,
  ApiKeyEntity,
  OAuthClientEntity,
  OAuthAccessTokenEntity,
  ShiftAssignmentEntity,
  AttendanceEventEntity,
  PolicyEntity,
  PolicyAcknowledgementEntity,
  LeaveRequestEntity,
  LeaveApprovalStepEntity,
  LeaveRequestApprovalEntity,
  AccessZoneEntity,
  AccessZoneReaderEntity,
  AccessVisitorPassEntity,
  AccessGrantEntity,
  AccessAuditEntity,
  AccessReaderEntity,
  AccessReaderKeyEntity,
  AccessSigningKeyEntity,
  AccessIntegrationEntity,
  AccessExternalDoorEntity,
  AccessFeedVersionEntity,
  UserOutletEntity,
  WebhookSubscriptionEntity,
  WebhookDeliveryEntity,
  DeveloperRequestLogEntity,
  WebhookPortalLinkEntity,
  RosterEntity,
  ShiftTemplateEntity,
  OpenShiftEntity,
  ShiftSwapEntity,
  HrContractEntity,
  DisciplinaryActionEntity,
  OffboardingEntity,
  OffboardingChecklistItemEntity,
  CourseEntity,
  CourseLessonEntity,
  CourseQuizQuestionEntity,
  CourseEnrolmentEntity,
  CourseLessonCompletionEntity,
  CourseQuizAttemptEntity,
  AssetCategoryEntity,
  VendorEntity,
  AssetEntity,
  IssueEntity,
  ChecklistTemplateEntity,
  ChecklistTemplateTaskEntity,
  ChecklistScheduleEntity,
  ChecklistRunEntity,
  ChecklistRunTaskEntity,
  AutomationEntity,
  AutomationRunEntity,
  MaintenanceScheduleEntity,
  MaintenanceDueEntity,
  AssetMeterReadingEntity,
  WorkOrderEntity,
  AssetServiceLogEntity,
  PaySettingsEntity,
  PayrollDeductionRuleEntity,
  PayrollRunEntity,
  PayslipEntity,
  AccountingConnectionEntity,
  AccountingOAuthStateEntity,
  SsoConnectionEntity,
  SsoDomainEntity,
  SsoLoginStateEntity,
  SsoUsedAssertionEntity,
  SsoIdentityEntity,
  SsoExchangeCodeEntity,
  MessagingMessageEntity,
  NotificationEntity,
  NotificationDeliveryEntity,
  NotificationPreferenceEntity,
  PushSubscriptionEntity,
  TenantBrandingEntity,
  UserPublicProfileEntity,
  SalesLeadEntity,
  PlanRequestEntity,
  CareerJobEntity,
  CareerApplicationEntity,
  CareerApplicationStageChangeEntity,
  EsignDocumentEntity,
  EsignRequestEntity,
  KioskEntity,
  KioskPinEntity,
  AccessWalletPassEntity,
  AccessWalletRegistrationEntity,
  TroubleshootingGuideEntity,
  TroubleshootingSessionEntity,
  LeaveAccrualPolicyEntity,
  LeaveLedgerEntryEntity,
  AvailabilityWindowEntity,
  AvailabilityTimeOffEntity,
  StaffingTargetEntity,
  ScheduleProposalEntity,
  ComplianceSettingsEntity,
  ComplianceOutletPacksEntity,
  ComplianceContractSettingsEntity,
  ComplianceViolationEntity,
  IdempotencyKeyEntity,
];

export const MIGRATIONS = [Foundation1763700000000, DeveloperCredentials1763800000000, ShiftsAttendance1763800001000, Leave1763800002000, AccessControl1763900000000, UserOutlets1763900001000, AccessSigningKeyCurrent1763900002000, Webhooks1764000000000, WebhookDeliveryWorker1764000001000, AccountVerification1764100000000, Scheduling1764200000000, PeopleLifecycle1764300000000, Payroll1764400000000, Scim1764500000000, Sso1764600000000, Messaging1764700000000, BrandingProfilesLeads1764700001000, Careers1764700002000, Esign1764700003000, Kiosks1764700004000, WalletPasses1764700005000, AccessOfflineWindow1764800000000, OperationsAssets1764900000000, Checklists1764900002000, Maintenance1764900003000, Troubleshooting1764900004000, Automations1764900005000, IssueAssignee1764900006000, AutomationWorkOrders1764900007000, Compliance1764910001000, Availability1764920001000, LeaveAccrual1764930001000, AutoScheduler1764940001000, ViolationWithdrawn1764960001000, IdempotencyKeys1764970001000, ListCursorKeys1764971001000, DeveloperRequestLogs1764972001000, TraceContext1764973001000, WebhookPortal1764974001000, PayrollLeftOut1764980001000, PlanRequests1764985001000, OutletTimezone1764990001000, NotificationCentre1765000001000, NotificationChannels1765000100000, ShiftTemplates1765000200000, LocaleLanguage1765000400000];

export interface DataSourceOptions {
  url: string;
  poolSize?: number;
  applicationName?: string;
  /** Server-side bound on one statement (PostgreSQL `statement_timeout`). */
  statementTimeoutMs?: number;
  /**
   * Client-side bound on waiting for a reply: the only bound that holds when the server is frozen
   * rather than refusing (a stalled host never enforces its own statement_timeout).
   */
  queryTimeoutMs?: number;
  /** Bound on opening a connection, and on waiting for one from a full pool. */
  connectTimeoutMs?: number;
}

export const DEFAULT_DB_TIMEOUTS = { statementTimeoutMs: 30_000, queryTimeoutMs: 35_000, connectTimeoutMs: 5_000 } as const;

export function createDataSource(opts: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: opts.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: false,
    poolSize: opts.poolSize ?? 10,
    applicationName: opts.applicationName ?? 'wfm',
    connectTimeoutMS: opts.connectTimeoutMs ?? DEFAULT_DB_TIMEOUTS.connectTimeoutMs,
    extra: {
      statement_timeout: opts.statementTimeoutMs ?? DEFAULT_DB_TIMEOUTS.statementTimeoutMs,
      query_timeout: opts.queryTimeoutMs ?? DEFAULT_DB_TIMEOUTS.queryTimeoutMs,
      keepAlive: true,
    },
  });
}

/** Any fixed number: the key of the session-level advisory lock that serialises migration runs. */
const MIGRATION_LOCK_KEY = 7_351_246;

/**
 * Applies pending migrations. Several API replicas starting at once would each see the same
 * pending list and race to create the same tables, so the run holds a PostgreSQL advisory lock:
 * the others wait, then find nothing pending. The lock lives on a connection of its own, outside
 * the data source's pool, which may have a single connection that the migrations need.
 */
export async function runMigrations(ds: DataSource): Promise<number> {
  const lock = new pg.Client({ connectionString: (ds.options as { url?: string }).url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const ran = await ds.runMigrations({ transaction: 'each' });
    return ran.length;
  } finally {
    // Ending the session releases the lock, also when the unlock itself cannot be sent.
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}
