import { pathToFileURL } from 'node:url';
import { createApiClient } from '@wfm/api-client/client';
import { baseUrl, required, runExample } from './env.js';

export interface Reader {
  readerId: string;
  firmwareVersion: string;
  ipAddress: string;
}

/**
 * A reader bridge: it reports in, then asks for a decision on a credential a phone presented. It
 * pulses the relay on GRANT only, and not again for a replay (the same tap within 2 s).
 */
export async function bridgeTap(url: string, readerKey: string, reader: Reader, credentialId: string) {
  const door = createApiClient({ baseUrl: url, token: readerKey });
  const beat = await door.POST('/access/reader-heartbeat', { body: reader });
  if (!beat.data) throw new Error(`heartbeat refused: ${beat.response.status} ${JSON.stringify(beat.error)}`);
  const answer = await door.POST('/access/verify', { body: { credentialId, readerId: reader.readerId, source: 'EXAMPLE_BRIDGE' } });
  if (!answer.data) throw new Error(`verify failed: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  const decision = answer.data;
  return { decision, pulseRelay: decision.decision === 'GRANT' && !decision.replay };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runExample(async () => {
    const [readerId, credentialId] = process.argv.slice(2);
    if (!readerId || !credentialId) {
      process.stderr.write('usage: node examples/dist/door-bridge.js <readerId> <credential JWT>\n');
      process.exit(2);
    }
    const { decision, pulseRelay } = await bridgeTap(process.env.WFM_DOOR_URL ?? baseUrl(), required('WFM_READER_KEY'), { readerId, firmwareVersion: 'example-1.0', ipAddress: '127.0.0.1' }, credentialId);
    console.log(JSON.stringify(decision), pulseRelay ? '→ pulse the relay' : '→ keep the door shut');
  });
}
