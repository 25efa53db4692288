import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PKPass } from 'passkit-generator';
import type { PassState } from './wallet.repository.js';

/** The pass model shipped with the API (outside src and dist, so the build needs no copy step). */
export const SHIPPED_MODEL_DIR = fileURLToPath(new URL('../../../../assets/wallet/door-access.pass', import.meta.url));

/** A model is a few small images and a pass.json; anything near this is not a pass model. */
const MAX_MODEL_BYTES = 2 * 1024 * 1024;

export interface PassSigning {
  passTypeIdentifier: string;
  teamIdentifier: string;
  organizationName: string;
  /** `<PUBLIC_APP_URL>/api/v1/access/wallet`: Wallet appends `/v1/...` to it. */
  webServiceUrl: string;
  signer: { cert: string; key: string; keyPassphrase: string | undefined };
  wwdr: string;
  /** A folder replacing the shipped model; unset: the shipped one. */
  modelDir: string | undefined;
}

export interface PassContent {
  serialNumber: string;
  authenticationToken: string;
  state: PassState;
  /** The door credential (compact JWS) shown as the QR code; ACTIVE passes only. */
  credential: string | null;
  credentialExpiresAt: Date | null;
  holderName: string;
  tenantName: string;
}

function readModel(dir: string): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  let total = 0;
  const walk = (sub: string) => {
    for (const name of readdirSync(join(dir, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      const path = join(dir, rel);
      if (statSync(path).isDirectory()) {
        walk(rel);
        continue;
      }
      files[rel] = readFileSync(path);
      total += files[rel].length;
      if (total > MAX_MODEL_BYTES) throw new Error(`The pass model in ${dir} exceeds ${MAX_MODEL_BYTES} bytes`);
    }
  };
  walk('');
  if (!files['pass.json'] || !files['icon.png']) throw new Error(`The pass model in ${dir} needs a pass.json and an icon.png`);
  return files;
}

/**
 * Builds signed `.pkpass` bundles with passkit-generator (manifest of SHA-1 hashes, detached
 * PKCS#7 signature by the pass-type certificate with Apple's WWDR certificate attached). The
 * model is read once; each pass gets its own pass.json from it.
 *
 * The credential travels as a QR code: Wallet's NFC passes need an entitlement Apple grants
 * case by case, while any reader bridge with a camera can read a QR code.
 */
export class WalletPassGenerator {
  private readonly model: Record<string, Buffer>;
  private readonly modelPass: Record<string, unknown>;

  constructor(private readonly signing: PassSigning) {
    this.model = readModel(signing.modelDir ?? SHIPPED_MODEL_DIR);
    this.modelPass = JSON.parse(this.model['pass.json']!.toString('utf8')) as Record<string, unknown>;
  }

  generate(c: PassContent): Buffer {
    const s = this.signing;
    const passJson = {
      ...this.modelPass,
      description: `${c.tenantName} door access`,
      sharingProhibited: true,
      generic: fields(c),
      ...(c.state === 'ACTIVE' && c.credential ? { barcodes: [{ format: 'PKBarcodeFormatQR', message: c.credential, messageEncoding: 'iso-8859-1' }] } : {}),
      ...(c.state === 'VOID' ? { voided: true } : {}),
    };
    const pass = new PKPass(
      { ...this.model, 'pass.json': Buffer.from(JSON.stringify(passJson)) },
      { signerCert: s.signer.cert, signerKey: s.signer.key, wwdr: s.wwdr, ...(s.signer.keyPassphrase ? { signerKeyPassphrase: s.signer.keyPassphrase } : {}) },
      {
        serialNumber: c.serialNumber,
        passTypeIdentifier: s.passTypeIdentifier,
        teamIdentifier: s.teamIdentifier,
        organizationName: s.organizationName,
        logoText: c.tenantName,
        webServiceURL: s.webServiceUrl,
        authenticationToken: c.authenticationToken,
      },
    );
    return pass.getAsBuffer();
  }
}

const STATUS: Record<PassState, string> = { ACTIVE: 'Active', NO_ACCESS: 'No doors right now', VOID: 'Ended' };

/**
 * The generic pass's fields. The status field announces a change on the lock screen; the expiry
 * of the credential changes every renewal, so it announces nothing.
 */
function fields(c: PassContent) {
  return {
    primaryFields: [{ key: 'holder', label: 'Name', value: c.holderName }],
    secondaryFields: [
      { key: 'company', label: 'Company', value: c.tenantName },
      { key: 'status', label: 'Door access', value: STATUS[c.state], changeMessage: 'Door access: %@' },
    ],
    auxiliaryFields:
      c.state === 'ACTIVE' && c.credentialExpiresAt
        ? [{ key: 'validUntil', label: 'Code valid until', value: c.credentialExpiresAt.toISOString(), dateStyle: 'PKDateStyleShort', timeStyle: 'PKDateStyleShort' }]
        : [],
    backFields: [
      {
        key: 'about',
        label: 'About this pass',
        value:
          'Hold the code to a door reader. The code renews itself twice a day while you have door access; keep automatic updates on for this pass. ' +
          'If it shows no code, you have no door access at the moment: ask your manager.',
      },
    ],
  };
}
