import { useState } from 'react';

/**
 * What a dialog opened on `value` shows: the value itself while it is set, and the last one set
 * after it is cleared. A dialog closes by fading out; one whose words come from state that closing
 * clears would otherwise change them as it leaves (a pay run's "Approve" dialog turned into "Mark
 * as paid" while the page's own "Mark as paid" button appeared beside it).
 */
export function useLastShown<T>(value: T | null): T | null {
  const [last, setLast] = useState<T | null>(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
