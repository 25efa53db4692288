import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const caFiles = new Map<string, string>();

/**
 * The API settings under which it may call a local HTTPS fake (a door provider, an identity
 * provider): 127.0.0.1 allowed through the egress check, the fake's certificate trusted. The CA
 * file is written once per certificate and process, and removed when the process exits.
 */
export function localEgressEnv(ca: string): Record<string, string> {
  let file = caFiles.get(ca);
  if (!file) {
    const dir = mkdtempSync(join(tmpdir(), 'wfm-local-ca-'));
    file = join(dir, 'ca.pem');
    writeFileSync(file, ca);
    caFiles.set(ca, file);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return { WEBHOOK_ALLOWED_TARGETS: '127.0.0.1', WEBHOOK_CA_FILE: file };
}
