import { z } from 'zod';

const Timestamp = z.iso.datetime();

export const CredentialDto = z.object({
  credentialId: z.string().meta({ description: 'Compact JWS (EdDSA/Ed25519); header `kid` names the signing key. Claims `sub` (user id), `tid`, `typ: user`, `iat`, `exp`, `jti`' }),
  expiresIn: z.literal('24h'),
});
export type CredentialDto = z.infer<typeof CredentialDto>;

export const SigningKeyRotatedDto = z.object({
  keyId: z.uuid().meta({ description: 'The new current key; credentials minted from now on carry it as `kid`' }),
  createdAt: Timestamp,
  retired: z
    .object({
      keyId: z.uuid(),
      retiredAt: Timestamp,
      verifiesUntil: Timestamp.meta({ description: 'Credentials signed with the retired key keep verifying until this moment' }),
    })
    .nullable()
    .meta({ description: 'The key this rotation retired; null when the tenant had none yet' }),
});
export type SigningKeyRotatedDto = z.infer<typeof SigningKeyRotatedDto>;
