import type { Clock } from '@wfm/core/clock';
import { isUuid } from '@wfm/core/identity';
import type { UserPrincipal, UserResolver } from '@wfm/core/principal';
import type { TokenService } from './token.service.js';
import type { PrincipalRepository } from './principal.repository.js';

/**
 * The user an access JWT names, judged against the injected clock on every request, and only while
 * the session it carries is live. Claims that are not UUIDs are refused here, before they reach SQL.
 */
export class AccessTokenResolver implements UserResolver {
  constructor(
    private readonly tokens: TokenService,
    private readonly principals: PrincipalRepository,
    private readonly clock: Clock,
  ) {}

  async resolve(accessToken: string): Promise<UserPrincipal | null> {
    const claims = this.tokens.verifyAccess(accessToken);
    if (!claims || !isUuid(claims.sub) || !isUuid(claims.tid) || !isUuid(claims.sid)) return null;
    return this.principals.load(claims.sub, claims.tid, claims.sid, this.clock.now());
  }
}
