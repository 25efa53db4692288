import { createServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testCertificate } from '@wfm/testing/https-receiver';

export interface LocalHttps {
  /** The test certificate, for the client's trusted CAs. */
  ca: string;
  /** `https://127.0.0.1:<port>`. */
  url: string;
  stop(): Promise<void>;
}

/** An HTTPS server on 127.0.0.1 with the test certificate, handing each request with its whole body to a fake provider. */
export async function listenHttps(handle: (req: IncomingMessage, body: Buffer, res: ServerResponse) => void): Promise<LocalHttps> {
  const { key, cert } = await testCertificate();
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ca: cert,
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
