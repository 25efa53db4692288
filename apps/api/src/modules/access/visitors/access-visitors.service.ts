import type { Clock } from '@wfm/core/clock';
import { randomToken, uuid, type SecretHasher } from '@wfm/core/crypto';
import { BadRequestError, NotFoundError, PaymentRequiredError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import { planIncludes } from '@wfm/core/tenancy';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { AccessFeed } from '../feed/access-feed.service.js';
import type { Propagated } from '../feed/propagation.js';
import type { AccessCredentialsService } from '../credentials/access-credentials.service.js';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import type { MessagingTransport } from '../../notifications/messaging/messaging.transport.js';
import type { DeliveryLookup } from '../../notifications/messaging/messaging.repository.js';
import type { AccessVisitorsRepository, PassSelector } from './access-visitors.repository.js';
import type { AccessGrantsRepository } from '../grants/access-grants.repository.js';
import {
  MAX_PASS_DAYS,
  type CreateVisitorBody,
  type VisitorCredentialDto,
  type VisitorPassCreatedDto,
  type VisitorPassDto,
  type VisitorPassRevokedDto,
} from './access-visitors.schemas.js';

/** Spec 02, Limits: the invite code is 24 random bytes, base64url. */
const INVITE_CODE_BYTES = 24;
/** Kept in clear so an admin can match a pass to the link a visitor shows; 36 bits reveal nothing useful. */
const INVITE_PREFIX_LENGTH = 6;
const INVITE_NOT_FOUND = 'Invite not found or expired';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
/** How the invitation states the expiry, in the tenant's timezone: "3 Mar 2026, 17:00 GMT-5". */
const UNTIL_FORMAT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };

export interface AccessVisitorsDeps {
  repo: AccessVisitorsRepository;
  transaction: TransactionRunner;
  feed: AccessFeed;
  /** Grants end one way whoever ends them: one REVOKED audit row each. */
  grants: AccessGrantsRepository;
  credentials: AccessCredentialsService;
  secrets: SecretHasher;
  mailer: MailTransport;
  messaging: MessagingTransport;
  /** What became of each pass's message, as the provider reported it. */
  deliveries: DeliveryLookup;
  clock: Clock;
  logger: Logger;
  /** Public base of the magic link, without a trailing slash. */
  appUrl: string;
}

export interface VisitorActor {
  tenantId: string;
  userId: string;
  /** The tenant's IANA timezone, for the expiry shown in the invitation. */
  timezone: string;
}

/**
 * Visitor passes: a time-limited set of grants with no user, opened by an invite code that only the
 * visitor holds (its keyed hash is stored). The visitor redeems the code for a door credential.
 */
export class AccessVisitorsService {
  constructor(private readonly d: AccessVisitorsDeps) {}

  async create(actor: VisitorActor, body: CreateVisitorBody): Promise<Propagated<VisitorPassCreatedDto>> {
    const { repo, feed, secrets } = this.d;
    const now = this.d.clock.now();
    const expiresAt = new Date(body.expiresAt);
    if (expiresAt.getTime() <= now.getTime()) throw new BadRequestError(['expiresAt must be in the future']);
    if (expiresAt.getTime() - now.getTime() > MAX_PASS_DAYS * DAY_MS) throw new BadRequestError([`expiresAt must be at most ${MAX_PASS_DAYS} days ahead`]);
    const zoneIds = body.zoneIds.map((id) => id.toLowerCase());
    const until = new Intl.DateTimeFormat('en-GB', { ...UNTIL_FORMAT, timeZone: actor.timezone }).format(expiresAt);
    const inviteCode = randomToken(INVITE_CODE_BYTES);
    const passId = uuid();
    const { grants, changes } = await this.d.transaction(async (tx) => {
      const zones = await repo.liveZones(tx, actor.tenantId, zoneIds);
      if (zones.length !== zoneIds.length) throw new NotFoundError('Zone not found');
      const names = new Map(zones.map((z) => [z.id, z.name]));
      await repo.insertPass(tx, {
        id: passId,
        tenantId: actor.tenantId,
        visitorName: body.name,
        email: body.email ?? null,
        phone: body.phone ?? null,
        inviteCodeHash: secrets.hash(inviteCode),
        inviteCodePrefix: inviteCode.slice(0, INVITE_PREFIX_LENGTH),
        expiresAt,
        createdByUserId: actor.userId,
        createdAt: now,
      });
      const grants = zoneIds.map((zoneId) => ({ id: uuid(), zoneId, zoneName: names.get(zoneId)!, status: 'ACTIVE' as const }));
      await repo.insertGrants(tx, { id: passId, tenantId: actor.tenantId, expiresAt, createdBy: actor.userId, at: now }, grants);
      const changes = [
        await feed.record(tx, actor.tenantId, 'visitor-pass', passId),
        ...(await feed.recordMany(tx, actor.tenantId, 'grant', grants.map((g) => g.id))),
      ];
      return { grants, changes };
    });
    const propagation = await feed.publish(changes);

    const magicLink = `${this.d.appUrl}/visit/${inviteCode}`;
    const [emailSent, whatsappSent] = await Promise.all([
      body.email ? this.sendEmail(actor.tenantId, body.email, body.name, until, magicLink) : false,
      body.phone ? this.sendMessage(actor.tenantId, passId, body.phone, body.name, until, magicLink) : false,
    ]);
    return { value: { inviteCode, magicLink, expiresAt: expiresAt.toISOString(), emailSent, whatsappSent, grants }, propagation };
  }

  async list(tenantId: string): Promise<VisitorPassDto[]> {
    const passes = await this.d.repo.listActive(tenantId, this.d.clock.now());
    const deliveries = await this.d.deliveries.latestFor(tenantId, 'VISITOR_PASS', passes.map((p) => p.id));
    return passes.map((p) => {
      const delivery = deliveries.get(p.id);
      return {
        ...p,
        expiresAt: p.expiresAt.toISOString(),
        createdAt: p.createdAt.toISOString(),
        lastRedeemedAt: p.lastRedeemedAt ? p.lastRedeemedAt.toISOString() : null,
        whatsappDelivery: delivery ? { ...delivery, statusAt: delivery.statusAt.toISOString() } : null,
      };
    });
  }

  /**
   * `codeOrId` is the invite code, or the pass id so an admin can revoke from the list without the
   * code (the two cannot be confused: a code is 32 characters, an id 36). A pass already revoked is
   * not found, like one that never existed.
   */
  async revoke(actor: { tenantId: string; userId: string }, codeOrId: string): Promise<Propagated<VisitorPassRevokedDto>> {
    const { repo, feed } = this.d;
    const by: PassSelector = UUID.test(codeOrId) ? { id: codeOrId.toLowerCase() } : { codeHash: this.d.secrets.hash(codeOrId) };
    const now = this.d.clock.now();
    const { id, changes } = await this.d.transaction(async (tx) => {
      const pass = await repo.lockUnrevokedPass(tx, actor.tenantId, by);
      if (!pass) throw new NotFoundError('Visitor pass not found');
      await repo.markRevoked(tx, actor.tenantId, pass.id, now);
      const ended = await this.d.grants.revokeActive(tx, actor.tenantId, { visitorPassId: pass.id }, { at: now, byUserId: actor.userId, reason: 'Visitor pass revoked', source: 'VISITOR_REVOKED' });
      const grantIds = ended.map((g) => g.id);
      const changes = [await feed.record(tx, actor.tenantId, 'visitor-pass', pass.id), ...(await feed.recordMany(tx, actor.tenantId, 'grant', grantIds))];
      return { id: pass.id, changes };
    });
    return { value: { revoked: true, id }, propagation: await feed.publish(changes) };
  }

  /**
   * Public: the code is the only secret. Unknown, revoked and expired codes are one 404, so a caller
   * learns nothing about which codes ever existed. A pass may be redeemed any number of times (a new
   * phone, or a fresh credential each day of a multi-day pass); each redemption mints a new credential.
   */
  async redeem(inviteCode: string): Promise<Propagated<VisitorCredentialDto>> {
    const { repo } = this.d;
    const now = this.d.clock.now();
    const pass = await repo.findForRedeem(this.d.secrets.hash(inviteCode));
    if (!pass || pass.revokedAt || pass.expiresAt.getTime() <= now.getTime()) throw new NotFoundError(INVITE_NOT_FOUND);
    if (!planIncludes(pass.plan, 'accessControl')) throw new PaymentRequiredError('Access control is not included in the plan of the workspace that issued this invite');
    const zones = await repo.openZones(pass.tenantId, pass.id, now);
    const credential = await this.d.credentials.mintForVisitor(pass.tenantId, pass.id, zones.map((z) => z.id), pass.expiresAt);
    await repo.markRedeemed(pass.tenantId, pass.id, now);
    return {
      value: { credentialId: credential.credentialId, expiresAt: credential.expiresAt.toISOString(), zones, visitorName: pass.visitorName },
      propagation: credential.propagation,
    };
  }

  /** True when the mail transport accepted the message; a failure is logged and never fails the request. */
  private async sendEmail(tenantId: string, to: string, name: string, until: string, link: string): Promise<boolean> {
    try {
      const { accepted } = await this.d.mailer.send({
        tenantId,
        to,
        template: 'access_visitor_pass',
        subject: 'Your visitor pass',
        text: `Hello ${name},\n\nYou have a visitor pass, valid until ${until}. Open this link on your phone to get your door credential:\n\n${link}\n`,
      });
      return accepted;
    } catch (err) {
      this.d.logger.warn({ err, tenantId }, 'visitor pass email not sent');
      return false;
    }
  }

  private async sendMessage(tenantId: string, passId: string, to: string, name: string, until: string, link: string): Promise<boolean> {
    try {
      const text = `${name}, your visitor pass (valid until ${until}): ${link}`;
      return (await this.d.messaging.send({ tenantId, to, text, about: { purpose: 'VISITOR_PASS', id: passId } })).accepted;
    } catch (err) {
      this.d.logger.warn({ err, tenantId }, 'visitor pass message not sent');
      return false;
    }
  }
}
