import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { allOrNone, ms } from '../../../config-fields.js';

const pemFile = z
  .string()
  .optional()
  .refine((v) => v === undefined || existsSync(v), 'must name an existing PEM file');

/** Apple Wallet door passes: the variables, spread into the API's schema. */
export const walletEnvFields = {
  WALLET_PASS_TYPE_IDENTIFIER: z
    .string()
    .max(128)
    .regex(/^pass\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'must be a pass type identifier such as pass.com.example.door-access')
    .optional(),
  WALLET_TEAM_IDENTIFIER: z.string().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team identifier').optional(),
  WALLET_SIGNER_CERT_FILE: pemFile,
  WALLET_SIGNER_KEY_FILE: pemFile,
  WALLET_SIGNER_KEY_PASSPHRASE: z.string().optional(),
  WALLET_WWDR_CERT_FILE: pemFile,
  WALLET_ORGANIZATION_NAME: z.string().trim().min(1).max(64).default('Workforce Platform'),
  WALLET_MODEL_DIR: z
    .string()
    .optional()
    .refine((v) => v === undefined || (existsSync(v) && statSync(v).isDirectory()), 'must name an existing directory'),
  WALLET_APNS_URL: z.string().url().default('https://api.push.apple.com'),
  WALLET_APNS_CA_FILE: pemFile,
  WALLET_APNS_TIMEOUT_MS: ms(100).default(10_000),
};

type WalletEnv = z.infer<z.ZodObject<typeof walletEnvFields>>;

export interface WalletConfig {
  passTypeIdentifier: string;
  teamIdentifier: string;
  organizationName: string;
  /** The pass-type certificate and key (PEM): they sign every pass and authenticate to APNs. */
  signer: { cert: string; key: string; keyPassphrase: string | undefined };
  /** Apple's WWDR intermediate certificate (PEM), included in each pass signature. */
  wwdr: string;
  /** A pass model folder replacing the shipped one (pass.json style keys, icon and logo images). */
  modelDir: string | undefined;
  /** Apple Push Notification service: base URL, CA certificates trusted besides the system roots, deadline of one push. */
  apns: { url: string; ca: string | undefined; timeoutMs: number };
}

/** The variables that switch Apple Wallet passes on: all of them, or none. */
const WALLET_REQUIRED = ['WALLET_PASS_TYPE_IDENTIFIER', 'WALLET_TEAM_IDENTIFIER', 'WALLET_SIGNER_CERT_FILE', 'WALLET_SIGNER_KEY_FILE', 'WALLET_WWDR_CERT_FILE'] as const;

/**
 * The pass-type certificate and its key, checked at start rather than when the first pass is
 * signed: both parse, the key is RSA (what the pass signer supports) and belongs to the certificate.
 */
function checkWalletCertificates(e: WalletEnv, ctx: z.RefinementCtx): void {
  const cert = (name: 'WALLET_SIGNER_CERT_FILE' | 'WALLET_WWDR_CERT_FILE'): X509Certificate | null => {
    try {
      return new X509Certificate(readFileSync(e[name]!));
    } catch {
      ctx.addIssue({ code: 'custom', path: [name], message: 'must hold a PEM X.509 certificate' });
      return null;
    }
  };
  const signer = cert('WALLET_SIGNER_CERT_FILE');
  cert('WALLET_WWDR_CERT_FILE');
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: readFileSync(e.WALLET_SIGNER_KEY_FILE!), format: 'pem', ...(e.WALLET_SIGNER_KEY_PASSPHRASE ? { passphrase: e.WALLET_SIGNER_KEY_PASSPHRASE } : {}) });
  } catch {
    ctx.addIssue({ code: 'custom', path: ['WALLET_SIGNER_KEY_FILE'], message: 'must hold a PEM private key (encrypted with WALLET_SIGNER_KEY_PASSPHRASE, if it is)' });
    return;
  }
  if (key.asymmetricKeyType !== 'rsa') ctx.addIssue({ code: 'custom', path: ['WALLET_SIGNER_KEY_FILE'], message: 'must be an RSA key (the pass-type certificate key Apple issues)' });
  else if (signer && !signer.checkPrivateKey(key)) ctx.addIssue({ code: 'custom', path: ['WALLET_SIGNER_KEY_FILE'], message: 'is not the key of WALLET_SIGNER_CERT_FILE' });
}

export function checkWalletEnv(e: WalletEnv, ctx: z.RefinementCtx): void {
  if (allOrNone(e, WALLET_REQUIRED, ctx, ' (Apple Wallet passes)')) checkWalletCertificates(e, ctx);
}

/** Null (WALLET_PASS_TYPE_IDENTIFIER unset) switches the passes off; the certificates are read once, here. */
export function toWalletConfig(e: WalletEnv): WalletConfig | null {
  return e.WALLET_PASS_TYPE_IDENTIFIER && e.WALLET_TEAM_IDENTIFIER && e.WALLET_SIGNER_CERT_FILE && e.WALLET_SIGNER_KEY_FILE && e.WALLET_WWDR_CERT_FILE
    ? {
        passTypeIdentifier: e.WALLET_PASS_TYPE_IDENTIFIER,
        teamIdentifier: e.WALLET_TEAM_IDENTIFIER,
        organizationName: e.WALLET_ORGANIZATION_NAME,
        signer: { cert: readFileSync(e.WALLET_SIGNER_CERT_FILE, 'utf8'), key: readFileSync(e.WALLET_SIGNER_KEY_FILE, 'utf8'), keyPassphrase: e.WALLET_SIGNER_KEY_PASSPHRASE },
        wwdr: readFileSync(e.WALLET_WWDR_CERT_FILE, 'utf8'),
        modelDir: e.WALLET_MODEL_DIR,
        apns: {
          url: e.WALLET_APNS_URL.replace(/\/$/, ''),
          ca: e.WALLET_APNS_CA_FILE === undefined ? undefined : readFileSync(e.WALLET_APNS_CA_FILE, 'utf8'),
          timeoutMs: e.WALLET_APNS_TIMEOUT_MS,
        },
      }
    : null;
}
