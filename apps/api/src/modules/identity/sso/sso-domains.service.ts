import { randomBytes } from 'node:crypto';
import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { NotFoundError, UnprocessableEntityError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { DomainRow, SsoRepository } from './sso.repository.js';
import type { DomainDto } from './sso.schemas.js';

/** Looks up the TXT records of a DNS name (node:dns in production; a table in tests). */
export type TxtResolver = (name: string) => Promise<string[][]>;

const TXT_PREFIX = '_wfm-sso';
const TXT_VALUE = 'wfm-sso-verification=';

const connectionNotFound = () => new NotFoundError('SSO connection not found');
const domainNotFound = () => new NotFoundError('Domain not found');

export function domainDto(d: DomainRow): DomainDto {
  return {
    id: d.id,
    domain: d.domain,
    verified: d.verifiedAt !== null,
    verifiedAt: d.verifiedAt ? new Date(d.verifiedAt).toISOString() : null,
    dnsRecord: { type: 'TXT', name: `${TXT_PREFIX}.${d.domain}`, value: `${TXT_VALUE}${d.verificationToken}` },
  };
}

/**
 * The email domains a connection signs in. A domain counts once the tenant has published the TXT
 * record it was given (or the platform operator vouched for it, for domains no public DNS serves):
 * until then nobody of that domain is sent to the connection.
 */
export class SsoDomainsService {
  constructor(
    private readonly repo: SsoRepository,
    private readonly clock: Clock,
    private readonly resolveTxt: TxtResolver,
  ) {}

  async add(actor: Actor, connectionId: string, domain: string): Promise<DomainDto> {
    if (!(await this.repo.find(null, actor.tenantId, connectionId))) throw connectionNotFound();
    const row: DomainRow = { id: uuid(), tenantId: actor.tenantId, connectionId, domain, verificationToken: randomBytes(24).toString('base64url'), verifiedAt: null, createdAt: this.clock.now() };
    await this.repo.addDomain(row);
    return domainDto(row);
  }

  /** Looks for the TXT record now; 422 when it is not (yet) there, 409 when another tenant proved the domain first. */
  async verify(actor: Actor, connectionId: string, domainId: string): Promise<DomainDto> {
    const row = await this.repo.findDomain(actor.tenantId, connectionId, domainId);
    if (!row) throw domainNotFound();
    if (row.verifiedAt) return domainDto(row);
    const { name, value } = domainDto(row).dnsRecord;
    const records = await this.resolveTxt(name).catch(() => [] as string[][]);
    if (!records.some((parts) => parts.join('') === value)) {
      throw new UnprocessableEntityError(`No TXT record ${name} with the value ${value} was found; DNS changes can take a while to be seen`);
    }
    return this.markVerified(row);
  }

  /** The operator's word instead of DNS (`npm run cli -- sso:verify-domain`): for domains no public DNS serves. */
  async operatorVerify(tenantId: string, domain: string): Promise<DomainDto> {
    const row = await this.repo.findDomainByName(tenantId, domain);
    if (!row) throw new NotFoundError(`The tenant has not added ${domain} to a connection`);
    return row.verifiedAt ? domainDto(row) : this.markVerified(row);
  }

  async remove(actor: Actor, connectionId: string, domainId: string): Promise<void> {
    if (!(await this.repo.deleteDomain(actor.tenantId, connectionId, domainId))) throw domainNotFound();
  }

  private async markVerified(row: DomainRow): Promise<DomainDto> {
    const at = this.clock.now();
    await this.repo.markVerified(row.tenantId, row.id, at);
    return domainDto({ ...row, verifiedAt: at });
  }
}
