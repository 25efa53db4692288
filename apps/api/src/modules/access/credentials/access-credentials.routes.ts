import { created, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { AccessCredentialsService } from './access-credentials.service.js';
import { CredentialDto, SigningKeyRotatedDto } from './access-credentials.schemas.js';
import { propagated } from '../feed/propagation.js';
import { EVERY_ROLE, TENANT_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['access control'];

export function accessCredentialsRoutes(r: ApiRouter, credentials: AccessCredentialsService): void {
  r.post(
    '/access/credential',
    {
      summary: 'Mint a 24-hour door credential for the signed-in user; no body',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      plan: 'accessControl',
      responses: { 201: { description: 'The credential, an EdDSA-signed JWT bound to the caller', schema: CredentialDto } },
    },
    async ({ req }) => {
      const user = currentUser(req);
      return propagated(created, await credentials.mintForUser(user.tenantId, user.userId));
    },
  );

  r.post(
    '/access/signing-keys/rotate',
    {
      summary: "Rotate the tenant's credential signing key",
      tags: TAGS,
      // The tenant's signing key is the root of every door credential: an owner-level act.
      auth: { kind: 'user', roles: TENANT_ADMINS },
      plan: 'accessControl',
      responses: {
        201: { description: 'New credentials use the new key; those signed with the retired key verify until `retired.verifiesUntil`', schema: SigningKeyRotatedDto },
        403: { description: 'Role not allowed (TENANT_OWNER, COMPANY_ADMIN)' },
      },
    },
    async ({ req }) => propagated(created, await credentials.rotate(currentUser(req).tenantId)),
  );
}
