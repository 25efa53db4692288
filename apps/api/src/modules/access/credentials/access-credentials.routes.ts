import { created, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { requirePlanFeature } from '../../../http/plan.guard.js';
import { accessGuards } from '../access-roles.js';
import type { AccessCredentialsService } from './access-credentials.service.js';
import { CredentialDto, SigningKeyRotatedDto } from './access-credentials.schemas.js';
import { propagated } from '../feed/propagation.js';

const TAGS = ['access control'];
const E401 = { description: 'No valid access token' };
const E402 = { description: 'The plan does not include access control (FREE, BASIC)' };

/** Rotating the tenant's signing key is an owner-level act: it is the root of every door credential. */
const ROTATE_ROLES = ['TENANT_OWNER', 'COMPANY_ADMIN'] as const;

export function accessCredentialsRoutes(r: ApiRouter, credentials: AccessCredentialsService): void {
  r.post(
    '/access/credential',
    {
      summary: 'Mint a 24-hour door credential for the signed-in user; no body',
      tags: TAGS,
      auth: { kind: 'user' },
      guards: [requirePlanFeature('accessControl')],
      responses: { 201: { description: 'The credential, an EdDSA-signed JWT bound to the caller', schema: CredentialDto }, 401: E401, 402: E402 },
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
      auth: { kind: 'user' },
      guards: accessGuards(ROTATE_ROLES),
      responses: {
        201: { description: 'New credentials use the new key; those signed with the retired key verify until `retired.verifiesUntil`', schema: SigningKeyRotatedDto },
        401: E401,
        402: E402,
        403: { description: 'Role not allowed (TENANT_OWNER, COMPANY_ADMIN)' },
      },
    },
    async ({ req }) => propagated(created, await credentials.rotate(currentUser(req).tenantId)),
  );
}
