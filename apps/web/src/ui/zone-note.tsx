import { Text } from '@mantine/core';
import { zoneNote } from './zone';

/** "Times are Paris time", where a page shows or takes times of `zone` (by default the company's) and the reader's browser is in another. */
export function ZoneNote({ zone }: { zone?: string }) {
  const note = zoneNote(zone);
  return note ? (
    <Text size="sm" c="dimmed" data-testid="zone-note">
      Times are {note}
    </Text>
  ) : null;
}
