/** Where the API is: WFM_BASE_URL, or the `npm start` of this shell's PORT (default 3000). */
export function baseUrl(): string {
  return process.env.WFM_BASE_URL || `http://localhost:${process.env.PORT || 3000}/api/v1`;
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

/** Runs an example's main; a failure is one line on stderr and exit 1, an unreachable API names WFM_BASE_URL. */
export async function runExample(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    const line =
      err instanceof TypeError && cause?.code
        ? `cannot reach the API at ${baseUrl()} (${cause.code}): start it with npm start, or set WFM_BASE_URL to its /api/v1 address`
        : (err as Error).message.split('\n')[0];
    process.stderr.write(`${line}\n`);
    process.exitCode = 1;
  }
}
