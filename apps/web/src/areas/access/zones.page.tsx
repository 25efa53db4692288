import { Anchor, Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { hoursBody, summary, type Hours } from './hours';
import { useCreateZone, useZones } from './access.queries';
import { ZoneModal, type ZoneDraft } from './zone-form';

const EMPTY: ZoneDraft = { name: '', outletId: null, readerIds: [], description: '', hours: null };

/** Door zones: the readers they bind, their outlet and opening hours. */
export function ZonesPage() {
  const me = useMe();
  const admin = mayCall(me.data, 'postAccessZones');
  const zones = useZones();
  const create = useCreateZone();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ZoneDraft | null>(null);
  const close = () => {
    create.reset();
    setDraft(null);
  };
  const save = () => {
    const d = draft!;
    create.mutate(
      { name: d.name.trim(), readerIds: d.readerIds, ...(d.outletId ? { outletId: d.outletId } : {}), ...(d.description.trim() ? { description: d.description.trim() } : {}), hoursJson: hoursBody(d.hours) },
      {
        onSuccess: (zone) => {
          close();
          notifications.show({ color: 'green', message: `Zone “${zone.name}” created.` });
          navigate(`/access/zones/${zone.id}`);
        },
      },
    );
  };
  return (
    <Page title="Zones" actions={admin ? <Button onClick={() => setDraft(EMPTY)}>New zone</Button> : null}>
      <DataTable query={zones} loadingLabel="Loading zones" empty="No zones yet. A zone groups the door readers that open for the same people at the same hours." tableProps={{ striped: true, highlightOnHover: true }} columns={[
        {
          header: 'Zone',
          cell: (z) => (
            <Anchor component={Link} to={`/access/zones/${z.id}`}>
              {z.name}
            </Anchor>
          ),
        },
        { header: 'Outlet', cell: (z) => (z.outlet?.name ?? 'Every outlet') },
        { header: 'Readers', cell: (z) => z.readerIds.join(', ') },
        { header: 'Hours', cell: (z) => summary(z.hoursJson as Hours | null) },
        { header: 'State', cell: (z) => (z.active ? <Badge variant="light" color="green">Active</Badge> : <Badge variant="light" color="gray">Inactive</Badge>) },
      ]} />
      <ZoneModal draft={draft} onChange={setDraft} onClose={close} title="New zone" label="Create the zone" save={{ ...create, run: save }} />
    </Page>
  );
}
