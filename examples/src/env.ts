/** What every example reads from its environment: where the API is. */
export function baseUrl(): string {
  return process.env.WFM_BASE_URL ?? 'http://localhost:3000/api/v1';
}

/** A required setting, or a one-line reason to stop. */
export function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    process.stderr.write(`${name} is not set\n`);
    process.exit(2);
  }
  return value;
}
