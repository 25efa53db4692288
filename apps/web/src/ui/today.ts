import { useEffect, useState } from 'react';
import { inZone, plain } from './zone';

/** Midnight today in the company's zone. */
function startOfToday(): Date {
  const d = inZone(Date.now());
  d.setHours(0, 0, 0, 0);
  return plain(d);
}

/**
 * Midnight today, the same Date object on every render until the day changes. A query whose key
 * holds `new Date()` gets a new key each render, and each answer renders again: a page at rest that
 * never stops fetching. Windows that start "now" start today instead, so their key is stable.
 */
export function useToday(): Date {
  const [today, setToday] = useState(startOfToday);
  useEffect(() => {
    const tomorrow = inZone(today);
    tomorrow.setDate(tomorrow.getDate() + 1);
    const timer = setTimeout(() => setToday(startOfToday()), tomorrow.getTime() - Date.now() + 1_000);
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}
