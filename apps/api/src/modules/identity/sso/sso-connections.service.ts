import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Encryptor } from '@wfm/core/encryption';
import { BadGatewayError, BadRequestError, NotFoundError } from '@wfm/core/errors';
import { assertMayAssign } from '@wfm/core/people-policy';
import type { TransactionRunner } from '@wfm/db/transaction';
import { EgressRefusedError } from '@wfm/webhooks/egress';
import type { Actor } from '@wfm/core/principal';
import type { HttpClient } from '../../access/integrations/provider-http.js';
import { describeCertificate, normalizeCertificate, parseIdpMetadata, SamlConfigurationError, type IdpDescriptor, type SamlClient } from './saml.client.js';
import { connectionUrls, samlSettings, type SsoUrls } from './sso.service.js';
import type { ConnectionRow, DomainRow, SsoRepository } from './sso.repository.js';
import { domainDto } from './sso-domains.service.js';
import type { ConnectionDto, CreateConnectionInput, UpdateConnectionInput } from './sso.schemas.js';

const connectionNotFound = () => new NotFoundError('SSO connection not found');

type SamlFields = Pick<UpdateConnectionInput, 'metadataXml' | 'metadataUrl' | 'idpEntityId' | 'idpSsoUrl' | 'idpCertificates'>;

/** A tenant's connections to its identity provider, managed by its owners and company admins. */
export class SsoConnectionsService {
  constructor(
    private readonly repo: SsoRepository,
    private readonly transaction: TransactionRunner,
    private readonly http: HttpClient,
    private readonly samlClient: SamlClient,
    private readonly encryptor: Encryptor,
    private readonly clock: Clock,
    private readonly urls: SsoUrls,
  ) {}

  async list(actor: Actor): Promise<ConnectionDto[]> {
    const rows = await this.repo.list(actor.tenantId);
    const domains = await this.repo.domainsOf(actor.tenantId, rows.map((r) => r.id));
    return rows.map((r) => this.toDto(r, domains.filter((d) => d.connectionId === r.id)));
  }

  async get(actor: Actor, id: string): Promise<ConnectionDto> {
    const row = await this.repo.find(null, actor.tenantId, id);
    if (!row) throw connectionNotFound();
    return this.toDto(row, await this.repo.domainsOf(actor.tenantId, [id]));
  }

  async create(actor: Actor, input: CreateConnectionInput): Promise<ConnectionDto> {
    // Just-in-time sign-in makes people with this role: the admin hands out no more than they hold.
    if (input.defaultRole) assertMayAssign(actor, input.defaultRole, 'defaultRole');
    const now = this.clock.now();
    const base: ConnectionRow = {
      id: uuid(),
      tenantId: actor.tenantId,
      protocol: input.protocol,
      name: input.name,
      enabled: input.enabled ?? true,
      enforced: input.enforced ?? false,
      jitProvisioning: input.jitProvisioning ?? true,
      defaultRole: input.defaultRole ?? 'STAFF',
      oidcIssuer: null,
      oidcClientId: null,
      oidcClientSecretSealed: null,
      samlIdpEntityId: null,
      samlIdpSsoUrl: null,
      samlIdpCertificates: null,
      samlMetadataUrl: null,
      createdAt: now,
      updatedAt: now,
    };
    const row =
      input.protocol === 'OIDC'
        ? { ...base, oidcIssuer: input.issuer, oidcClientId: input.clientId, oidcClientSecretSealed: this.encryptor.encrypt(input.clientSecret) }
        : this.withIdp(base, await this.idpFrom(input, null), input.metadataUrl ?? null);
    await this.transaction((tx) => this.repo.insert(tx, row));
    return this.toDto(row, []);
  }

  async update(actor: Actor, id: string, input: UpdateConnectionInput): Promise<ConnectionDto> {
    if (input.defaultRole) assertMayAssign(actor, input.defaultRole, 'defaultRole');
    const current = await this.repo.find(null, actor.tenantId, id);
    if (!current) throw connectionNotFound();
    const oidcOnly = ['issuer', 'clientId', 'clientSecret'].filter((k) => k in input);
    const samlOnly = ['metadataXml', 'metadataUrl', 'idpEntityId', 'idpSsoUrl', 'idpCertificates'].filter((k) => k in input);
    if (current.protocol === 'OIDC' && samlOnly.length) throw new BadRequestError(samlOnly.map((k) => `${k} applies to SAML connections only`));
    if (current.protocol === 'SAML' && oidcOnly.length) throw new BadRequestError(oidcOnly.map((k) => `${k} applies to OIDC connections only`));
    const idp = current.protocol === 'SAML' && samlOnly.length ? await this.idpFrom(input, current) : null;
    return this.transaction(async (tx) => {
      const locked = await this.repo.find(tx, actor.tenantId, id);
      if (!locked) throw connectionNotFound();
      let row: ConnectionRow = {
        ...locked,
        name: input.name ?? locked.name,
        enabled: input.enabled ?? locked.enabled,
        enforced: input.enforced ?? locked.enforced,
        jitProvisioning: input.jitProvisioning ?? locked.jitProvisioning,
        defaultRole: input.defaultRole ?? locked.defaultRole,
        oidcIssuer: input.issuer ?? locked.oidcIssuer,
        oidcClientId: input.clientId ?? locked.oidcClientId,
        oidcClientSecretSealed: input.clientSecret === undefined ? locked.oidcClientSecretSealed : this.encryptor.encrypt(input.clientSecret),
        updatedAt: this.clock.now(),
      };
      if (idp) row = this.withIdp(row, idp, input.metadataUrl ?? (input.metadataXml ? null : locked.samlMetadataUrl));
      await this.repo.update(tx, row);
      return this.toDto(row, await this.repo.domainsOf(actor.tenantId, [id]));
    });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    if (!(await this.repo.delete(actor.tenantId, id))) throw connectionNotFound();
  }

  async samlMetadata(actor: Actor, id: string): Promise<string> {
    const row = await this.repo.find(null, actor.tenantId, id);
    if (!row || row.protocol !== 'SAML') throw connectionNotFound();
    return this.samlClient.serviceProviderMetadata(samlSettings(row, this.urls));
  }

  /** The IdP of a SAML connection from pasted metadata, a metadata URL (egress-checked) or the fields by hand, over what it had. */
  private async idpFrom(input: SamlFields, current: ConnectionRow | null): Promise<IdpDescriptor> {
    try {
      if (input.metadataXml) return parseIdpMetadata(input.metadataXml);
      if (input.metadataUrl) return parseIdpMetadata(await this.fetchMetadata(input.metadataUrl));
      const idp = {
        entityId: input.idpEntityId ?? current?.samlIdpEntityId ?? '',
        ssoUrl: input.idpSsoUrl ?? current?.samlIdpSsoUrl ?? '',
        certificates: input.idpCertificates ? input.idpCertificates.map(normalizeCertificate) : (current?.samlIdpCertificates ?? []),
      };
      const missing = [!idp.entityId && 'idpEntityId', !idp.ssoUrl && 'idpSsoUrl', !idp.certificates.length && 'idpCertificates'].filter((m): m is string => !!m);
      if (missing.length) throw new BadRequestError(missing.map((m) => `${m} is required (or metadataXml, or metadataUrl)`));
      return idp;
    } catch (err) {
      if (err instanceof SamlConfigurationError) throw new BadRequestError([err.message]);
      throw err;
    }
  }

  private async fetchMetadata(url: string): Promise<string> {
    try {
      const res = await this.http.send({ method: 'GET', url, headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } });
      if (res.status !== 200) throw new BadGatewayError(`The metadata URL answered ${res.status}`);
      return res.body;
    } catch (err) {
      if (err instanceof EgressRefusedError) throw err;
      if (err instanceof BadGatewayError) throw err;
      throw new BadGatewayError('The metadata URL could not be read');
    }
  }

  private withIdp(row: ConnectionRow, idp: IdpDescriptor, metadataUrl: string | null): ConnectionRow {
    return { ...row, samlIdpEntityId: idp.entityId, samlIdpSsoUrl: idp.ssoUrl, samlIdpCertificates: idp.certificates, samlMetadataUrl: metadataUrl };
  }

  private toDto(r: ConnectionRow, domains: DomainRow[]): ConnectionDto {
    const urls = connectionUrls(this.urls, r.id);
    return {
      id: r.id,
      protocol: r.protocol,
      name: r.name,
      enabled: r.enabled,
      enforced: r.enforced,
      jitProvisioning: r.jitProvisioning,
      defaultRole: r.defaultRole,
      oidc: r.protocol === 'OIDC' ? { issuer: r.oidcIssuer!, clientId: r.oidcClientId!, clientSecretSet: true, redirectUri: urls.redirectUri } : null,
      saml:
        r.protocol === 'SAML'
          ? {
              idpEntityId: r.samlIdpEntityId!,
              idpSsoUrl: r.samlIdpSsoUrl!,
              metadataUrl: r.samlMetadataUrl,
              idpCertificates: (r.samlIdpCertificates ?? []).map(describeCertificate),
              spEntityId: urls.spEntityId,
              acsUrl: urls.acsUrl,
            }
          : null,
      domains: domains.map(domainDto),
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
    };
  }
}
