import { Anchor, Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('access');
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
          notifications.show({ color: 'green', message: t('zones.created', { name: zone.name }) });
          navigate(`/access/zones/${zone.id}`);
        },
      },
    );
  };
  return (
    <Page title={t('zones.title')} actions={admin ? <Button onClick={() => setDraft(EMPTY)}>{t('zones.new')}</Button> : null}>
      <DataTable query={zones} loadingLabel={t('zones.loading')} empty={t('zones.empty')} tableProps={{ striped: true, highlightOnHover: true }} columns={[
        {
          header: t('common.zone'),
          cell: (z) => (
            <Anchor component={Link} to={`/access/zones/${z.id}`}>
              {z.name}
            </Anchor>
          ),
        },
        { header: t('common.outlet'), cell: (z) => (z.outlet?.name ?? t('common.everyOutlet')) },
        { header: t('zones.readers'), cell: (z) => z.readerIds.join(', ') },
        { header: t('zones.hours'), cell: (z) => summary(z.hoursJson as Hours | null, t) },
        { header: t('common.state'), cell: (z) => (z.active ? <Badge variant="light" color="green">{t('common.active')}</Badge> : <Badge variant="light" color="gray">{t('common.inactive')}</Badge>) },
      ]} />
      <ZoneModal draft={draft} onChange={setDraft} onClose={close} title={t('zones.new')} label={t('zones.create')} save={{ ...create, run: save }} />
    </Page>
  );
}
