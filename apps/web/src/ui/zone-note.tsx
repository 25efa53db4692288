import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { zoneNote } from './zone';

/** "Times are Paris time", where a page shows or takes times of `zone` (by default the company's) and the reader's browser is in another. */
export function ZoneNote({ zone }: { zone?: string }) {
  const { t } = useTranslation('ui');
  const note = zoneNote(zone);
  return note ? (
    <Text size="sm" c="dimmed" data-testid="zone-note">
      {t('zone.timesAre', { note })}
    </Text>
  ) : null;
}
