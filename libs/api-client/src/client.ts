import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

export interface ApiClientOptions {
  /** The API's base URL with its prefix, e.g. `http://localhost:3000/api/v1`. */
  baseUrl: string;
  /**
   * Sent as `Authorization: Bearer …`: a user access token, a developer key or OAuth token, or a
   * reader-bridge key. A function is asked before each request, so a refreshed token is picked up.
   */
  token?: string | (() => string | undefined);
  /** Another fetch (a proxy agent, a test double); the global one otherwise. */
  fetch?: typeof globalThis.fetch;
}

export type ApiClient = Client<paths>;

/** A client whose paths, parameters, bodies and answers are typed from the API's OpenAPI document. */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const client = createClient<paths>({ baseUrl: opts.baseUrl, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
  const { token } = opts;
  if (token !== undefined) {
    client.use({
      onRequest({ request }) {
        const value = typeof token === 'function' ? token() : token;
        if (value) request.headers.set('Authorization', `Bearer ${value}`);
        return request;
      },
    });
  }
  return client;
}
