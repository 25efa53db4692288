import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { verifyBodySignature, verifyStandardSignature } from '@wfm/webhooks/signing';
import { selfSignedCertificate } from '@wfm/testing/certificate';

/**
 * `npm run webhook:receiver`: a local HTTPS receiver for trying webhooks without a public server.
 * Its self-signed certificate is kept under DATA_DIR, to be trusted by the platform with
 * WEBHOOK_CA_FILE; it prints every delivery and checks both signatures when given the secret.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4443' },
    secret: { type: 'string' },
    status: { type: 'string', default: '200' },
  },
});
const dir = join(resolve(process.env.DATA_DIR ?? '.data'), 'webhook-receiver');
const keyFile = join(dir, 'key.pem');
const certFile = join(dir, 'cert.pem');
if (!existsSync(certFile)) {
  mkdirSync(dir, { recursive: true });
  const made = await selfSignedCertificate({ commonName: 'localhost', dnsNames: ['localhost'], ips: ['127.0.0.1'], days: 365 });
  writeFileSync(keyFile, made.key, { mode: 0o600 });
  writeFileSync(certFile, made.cert);
}
const status = Number(values.status);
const secret = values.secret;

createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const header = (name: string) => (Array.isArray(req.headers[name]) ? req.headers[name][0] : req.headers[name]) as string | undefined;
    const signatures = secret
      ? `signature ${verifyBodySignature(secret, body, header('x-service-signature')) ? 'valid' : 'INVALID'}, standard ${
          verifyStandardSignature(secret, body, { id: header('webhook-id'), timestamp: header('webhook-timestamp'), signature: header('webhook-signature') }, new Date()) ? 'valid' : 'INVALID'
        }`
      : 'signatures not checked (pass --secret whsec_…)';
    console.log(`${new Date().toISOString()} ${header('x-service-event')} delivery ${header('x-service-delivery') ?? '(test)'} · ${signatures} · answered ${status}`);
    console.log(`  ${body.length > 300 ? `${body.slice(0, 300)}…` : body}`);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ received: status < 300 }));
  });
}).listen(Number(values.port), '127.0.0.1', () => {
  console.log(`Webhook receiver on https://127.0.0.1:${values.port}/ (answers ${status})`);
  console.log(`Start the platform with WEBHOOK_ALLOWED_TARGETS=127.0.0.1 WEBHOOK_CA_FILE=${certFile}`);
});
