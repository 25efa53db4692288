/**
 * Redis-backed suites run whenever REDIS_URL is set; otherwise they are reported as pending with
 * the reason in their title, never silently passed.
 */
export function describeWithRedis(title: string, fn: (redisUrl: string) => void): void {
  const url = process.env.REDIS_URL;
  if (url) describe(title, () => fn(url));
  else describe.skip(`${title} [skipped: REDIS_URL is not set]`, () => fn(''));
}
