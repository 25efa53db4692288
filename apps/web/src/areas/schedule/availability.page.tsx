import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeople } from '../../api/shared.queries';
import { Page } from '../../ui/page';
import { AvailabilityEditor } from '../me/my-availability.page';

/** A manager keeps the availability of their people (the API answers only for those they reach). */
export function AvailabilityPage() {
  const { t } = useTranslation('schedule');
  const people = usePeople();
  const [userId, setUserId] = useState<string | null>(null);
  return (
    <Page title={t('availability.title')}>
      <Select
        maw={360}
        label={t('availability.person')}
        searchable
        data={[...(people.data?.values() ?? [])].filter((u) => u.status === 'ACTIVE').map((u) => ({ value: u.id, label: u.fullName }))}
        value={userId}
        onChange={setUserId}
      />
      {userId ? <AvailabilityEditor key={userId} userId={userId} /> : null}
    </Page>
  );
}
