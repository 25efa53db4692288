import { Text } from '@mantine/core';
import { zoneNote } from './zone';

/** "Times are Paris time", where a page shows or takes times and the reader's browser is in another zone. */
export function ZoneNote() {
  const note = zoneNote();
  return note ? (
    <Text size="sm" c="dimmed" data-testid="zone-note">
      Times are {note}
    </Text>
  ) : null;
}
