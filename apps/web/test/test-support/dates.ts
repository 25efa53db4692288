/**
 * Calendar days as the console's forms take them (YYYY-MM-DD), in the test process's zone, which is
 * the browser's and the test companies' (TEST_ZONE).
 */
export function localDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The day `n` days from now. */
export function dayAhead(n: number): string {
  return localDay(new Date(Date.now() + n * 86_400_000));
}

/** The Monday of the week `weeks` from this one (0: this week's). */
export function mondayAhead(weeks: number): string {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7) + 7 * weeks);
  return localDay(d);
}
