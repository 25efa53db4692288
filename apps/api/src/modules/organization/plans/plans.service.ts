import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, UnprocessableEntityError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { PageRequest } from '@wfm/core/pagination';
import type { UserPrincipal } from '@wfm/core/principal';
import { FEATURE_NAMES, FEATURES, PLANS, planIncludes, type Plan } from '@wfm/core/tenancy';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import type { PlanRequestStatus } from '@wfm/db/entities/plan-request.entity';
import type { PlanRequestsRepository, PlanRequestView } from './plan-requests.repository.js';
import type { PlanRequestBody, PlanRequestDto, TenantPlanDto } from './plans.schemas.js';

export const PLAN_REQUEST_TEMPLATE = 'plan_request';

const toDto = (r: PlanRequestView): PlanRequestDto => ({
  id: r.id,
  tenantId: r.tenantId,
  tenantName: r.tenantName,
  requestedBy: r.requestedByUserId && r.requesterName !== null && r.requesterEmail !== null ? { id: r.requestedByUserId, fullName: r.requesterName, email: r.requesterEmail } : null,
  currentPlan: r.currentPlan,
  plan: r.requestedPlan,
  message: r.message,
  status: r.status,
  grantedPlan: r.grantedPlan,
  createdAt: r.createdAt.toISOString(),
  closedAt: r.closedAt?.toISOString() ?? null,
});

type PlanRequestPage = PageRequest & { status?: PlanRequestStatus };

/** The operator's list, newest first: GET /platform/plan-requests and the CLI's plan-request:list. */
export async function listPlanRequests(repo: Pick<PlanRequestsRepository, 'list'>, page: PlanRequestPage): Promise<PlanRequestDto[]> {
  return (await repo.list(page.limit, page.offset, page.status)).map(toDto);
}

const featuresOf = (plan: Plan) => FEATURES.filter((f) => planIncludes(plan, f));

/**
 * What each plan includes, and a tenant's request for a higher one. There is no billing provider:
 * the request reaches the platform operator (stored, and mailed to SALES_LEADS_EMAIL, as sales
 * enquiries are), who grants it by changing the plan (PATCH /platform/tenants/{id} or the CLI),
 * which closes it. The stored row is the record, so a mail that fails is logged and the request kept.
 */
export class PlansService {
  constructor(
    private readonly repo: PlanRequestsRepository,
    private readonly mailer: MailTransport,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly operatorEmail: string | undefined,
  ) {}

  async get(tenantId: string, plan: Plan): Promise<TenantPlanDto> {
    const pending = await this.repo.findPending(tenantId);
    return {
      plan,
      features: featuresOf(plan),
      plans: PLANS.map((p) => ({ plan: p, features: featuresOf(p).map((id) => ({ id, name: FEATURE_NAMES[id] })) })),
      pendingRequest: pending ? toDto(pending) : null,
    };
  }

  async request(user: UserPrincipal, body: PlanRequestBody): Promise<PlanRequestDto> {
    const current = user.tenant.plan;
    if (PLANS.indexOf(body.plan) <= PLANS.indexOf(current)) {
      throw new UnprocessableEntityError(`The ${body.plan} plan is not higher than your ${current} plan`);
    }
    const id = uuid();
    const stored = await this.repo.insertPending({
      id,
      tenantId: user.tenantId,
      requestedByUserId: user.userId,
      currentPlan: current,
      requestedPlan: body.plan,
      message: body.message || null,
      status: 'PENDING',
      grantedPlan: null,
      createdAt: this.clock.now(),
      closedAt: null,
    });
    if (!stored) throw new ConflictError('An upgrade request is already waiting for the operator');
    const request = toDto((await this.repo.findById(id))!);
    await this.mail(request);
    return request;
  }

  list(page: PlanRequestPage): Promise<PlanRequestDto[]> {
    return listPlanRequests(this.repo, page);
  }

  private async mail(r: PlanRequestDto): Promise<void> {
    if (!this.operatorEmail) {
      this.logger.info({ planRequestId: r.id }, 'plan request stored; SALES_LEADS_EMAIL is not set, so it was not mailed');
      return;
    }
    await this.mailer
      .send({ tenantId: r.tenantId, to: this.operatorEmail, template: PLAN_REQUEST_TEMPLATE, subject: `Plan request: ${r.tenantName} asks for ${r.plan}`, text: mailText(r) })
      .catch((err: unknown) => this.logger.error({ planRequestId: r.id, err }, 'plan request stored but not mailed'));
  }
}

function mailText(r: PlanRequestDto): string {
  return [
    `${r.tenantName} asks to move from the ${r.currentPlan} plan to ${r.plan}.`,
    '',
    `Tenant:       ${r.tenantName} (${r.tenantId})`,
    `Asked by:     ${r.requestedBy ? `${r.requestedBy.fullName} <${r.requestedBy.email}>` : 'a removed user'}`,
    `Received:     ${r.createdAt}`,
    '',
    r.message ? `Message:\n${r.message}` : 'No message.',
    '',
    `Grant it with: npm run cli -- tenant:update --id ${r.tenantId} --plan ${r.plan}`,
    `(or PATCH /platform/tenants/${r.tenantId}); that closes request ${r.id}.`,
  ].join('\n');
}
