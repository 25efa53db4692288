import { ForbiddenError, UnauthorizedError } from '@wfm/core/errors';
import type { PasswordHasher } from '@wfm/core/crypto';
import { looksLikeEmail, normalizeEmail, normalizeMobile } from '@wfm/core/identity';
import type { TenantProvisioningService } from '../../organization/tenants/tenant-provisioning.service.js';
import type { AuthRepository, Identifier } from './auth.repository.js';
import type { EmailVerificationService } from './email-verification.service.js';
import type { SessionService } from './session.service.js';
import type { TokenPair } from './token.service.js';
import type { Role } from '@wfm/core/tenancy';

/** Whether a tenant's single sign-on refuses this person a password sign-in (the sso module answers). */
export interface PasswordSignInPolicy {
  passwordRefused(account: { tenantId: string; role: Role }): Promise<boolean>;
}

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
  constructor(
    private readonly repo: AuthRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly provisioning: TenantProvisioningService,
    private readonly verification: EmailVerificationService,
    private readonly policy: PasswordSignInPolicy,
  ) {}

  /**
   * An identifier names one account (see AuthRepository.signInAccount), and exactly one password
   * verification runs per attempt whatever it matched: against an unmatchable hash when nothing
   * did. So neither the answer nor its timing tells whether, or in how many tenants, an identifier
   * exists, and one attempt never costs more than one scrypt. Every failure is the same bare 401.
   */
  async login(identifier: string, password: string, tenantSlug?: string): Promise<TokenPair> {
    const id = parseIdentifier(identifier);
    const account = id ? await this.repo.signInAccount(id, tenantSlug) : null;
    const matches = await this.passwords.verify(password, account?.passwordHash ?? this.passwords.unmatchable());
    if (!account || !matches) throw new UnauthorizedError();
    // Only after the password matched, so the refusal tells nothing to someone without it.
    if (await this.policy.passwordRefused(account)) throw new ForbiddenError('Your organisation signs in with single sign-on: use "Sign in with SSO"', 'SSO_REQUIRED');
    return this.sessions.open({ id: account.id, tenantId: account.tenantId });
  }

  /**
   * Self-service: a new FREE tenant whose first user is its TENANT_OWNER, unverified until the
   * owner opens the link mailed to the address given. Nothing signs in here.
   */
  async signup(input: SignupInput): Promise<{ verificationSent: true }> {
    const { owner } = await this.provisioning.createTenantWithOwner({
      name: input.companyName,
      plan: 'FREE',
      timezone: input.timezone ?? 'UTC',
      owner: {
        fullName: input.fullName,
        email: input.email,
        password: input.password,
        verified: false,
        ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
      },
    });
    await this.verification.sendLink({ id: owner.id, tenantId: owner.tenantId, email: owner.email!, fullName: owner.fullName });
    return { verificationSent: true };
  }
}
