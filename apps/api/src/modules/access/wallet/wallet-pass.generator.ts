import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PKPass } from 'passkit-generator';
import type { PassState } from './wallet.repository.js';

/** The pass model shipped with the API (outside src and dist, so the build needs no copy step), named by its pass.json. */
export const SHIPPED_MODEL_DIR = dirname(fileURLToPath(new URL('../../../../assets/wallet/door-access.pass/pass.json', import.meta.url)));

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
}

/** The files of a pass model by their path in the bundle (`pass.json`, `icon.png`, `de.lproj/pass.strings`, …). */
export type PassModel = Record<string, Buffer>;

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

/** Reads a pass model folder, refusing one that is too big or lacks what every pass needs. */
export function loadPassModel(dir: string): PassModel {
  const files: PassModel = {};
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
 * PKCS#7 signature by the pass-type certificate with Apple's WWDR certificate attached); each
 * pass gets its own pass.json from the model's. Synchronous and CPU-bound (its RSA signature is
 * computed in JavaScript): the API runs it on a thread of its own (PassSigningThread).
 *
 * The credential travels as a QR code: Wallet's NFC passes need an entitlement Apple grants
 * case by case, while any reader bridge with a camera can read a QR code.
 */
export class WalletPassGenerator {
  private readonly modelPass: Record<string, unknown>;

  constructor(
    private readonly signing: PassSigning,
    private readonly model: PassModel,
  ) {
    this.modelPass = JSON.parse(model['pass.json']!.toString('utf8')) as Record<string, unknown>;
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
