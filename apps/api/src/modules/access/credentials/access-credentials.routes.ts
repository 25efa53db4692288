import { created, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { AccessCredentialsService } from './access-credentials.service.js';
import { CredentialDto, SigningKeyRotatedDto } from './access-credentials.schemas.js';
import { propagated } from '../feed/propagation.js';

const TAGS = ['access control'];

export function accessCredentialsRoutes(r: ApiRouter, credentials: AccessCredentialsService): void {
  r.post(
    '/access/credential',
    {
      summary: 'Mint a 24-hour door credential for the signed-in user; no body',
      tags: TAGS,
      auth: { kind: 'user' },
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
      auth: { kind: 'user' },
      plan: 'accessControl',
      responses: {
        201: { description: 'New credentials use the new key; those signed with the retired key verify until `retired.verifiesUntil`', schema: SigningKeyRotatedDto },
        403: { description: 'Role not allowed (TENANT_OWNER, COMPANY_ADMIN)' },
      },
    },
    async ({ req }) => propagated(created, await credentials.rotate(currentUser(req).tenantId)),
  );
}
