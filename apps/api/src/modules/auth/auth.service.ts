import { UnauthorizedError } from '@wfm/core/errors';
import { randomToken, type PasswordHasher } from '@wfm/core/crypto';
import { looksLikeEmail, normalizeEmail, normalizeMobile } from '@wfm/core/identity';
import type { TenantProvisioningService } from '../tenants/tenant-provisioning.service.js';
import type { AuthRepository, Identifier } from './auth.repository.js';
import type { SessionService } from './session.service.js';
import type { TokenPair } from './token.service.js';

/** An email when it contains `@`, else a mobile number; null when it can be neither. */
export function parseIdentifier(identifier: string): Identifier | null {
  if (looksLikeEmail(identifier)) return { email: normalizeEmail(identifier) };
  const mobile = normalizeMobile(identifier);
  return mobile ? { mobile } : null;
}

export interface SignupInput {
  companyName: string;
  fullName: string;
  email: string;
  password: string;
  timezone?: string;
  mobile?: string;
}

export class AuthService {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly repo: AuthRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly provisioning: TenantProvisioningService,
  ) {}

  /**
   * Identifiers are unique per tenant only, so one may match accounts in several tenants: the
   * first (oldest) whose password matches is signed in. Every failure is the same bare 401, and
   * when nothing matches one password is still verified, so timing does not reveal whether an
   * account exists.
   */
  async login(identifier: string, password: string, tenantSlug?: string): Promise<TokenPair> {
    const id = parseIdentifier(identifier);
    const candidates = id ? await this.repo.signInCandidates(id, tenantSlug) : [];
    if (candidates.length === 0) {
      await this.passwords.verify(password, await this.dummy());
      throw new UnauthorizedError();
    }
    for (const c of candidates) {
      if (await this.passwords.verify(password, c.passwordHash)) return this.sessions.open({ id: c.id, tenantId: c.tenantId });
    }
    throw new UnauthorizedError();
  }

  /** Self-service: a new FREE tenant whose first user is its TENANT_OWNER, signed in at once. */
  async signup(input: SignupInput): Promise<TokenPair> {
    const { owner } = await this.provisioning.createTenantWithOwner({
      name: input.companyName,
      plan: 'FREE',
      timezone: input.timezone ?? 'UTC',
      owner: { fullName: input.fullName, email: input.email, password: input.password, ...(input.mobile !== undefined ? { mobile: input.mobile } : {}) },
    });
    return this.sessions.open({ id: owner.id, tenantId: owner.tenantId });
  }

  /** A hash made with the configured parameters, so the dummy verification costs what a real one does. */
  private dummy(): Promise<string> {
    this.dummyHash ??= this.passwords.hash(randomToken(16));
    return this.dummyHash;
  }
}
