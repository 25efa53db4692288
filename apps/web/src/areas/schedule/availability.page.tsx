import { Select } from '@mantine/core';
import { useState } from 'react';
import { usePeople } from '../../api/shared.queries';
import { Page } from '../../ui/page';
import { AvailabilityEditor } from '../me/my-availability.page';

/** A manager keeps the availability of their people (the API answers only for those they reach). */
export function AvailabilityPage() {
  const people = usePeople();
  const [userId, setUserId] = useState<string | null>(null);
  return (
    <Page title="Availability">
      <Select
        maw={360}
        label="Person"
        searchable
        data={[...(people.data?.values() ?? [])].filter((u) => u.status === 'ACTIVE').map((u) => ({ value: u.id, label: u.fullName }))}
        value={userId}
        onChange={setUserId}
      />
      {userId ? <AvailabilityEditor key={userId} userId={userId} /> : null}
    </Page>
  );
}
