import { Button, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall, useMe } from '../../auth/me';

import { ErrorNotice, Page } from '../../ui/page';
import { AssignModal, CompleteModal, WorkOrderModal, type WorkOrderPreset } from './maintenance-forms';
import { useWorkOrders, type WorkOrder, type WorkOrderStatus } from './maintenance.queries';
import { WorkOrderCard } from './work-order-card';

const COLUMNS: readonly WorkOrderStatus[] = ['OPEN', 'ASSIGNED', 'IN_PROGRESS', 'COMPLETED', 'VERIFIED'];

/** The work orders board: a column per status, cards moved with their buttons. Staff see the orders assigned to them. */
export function WorkOrdersPage() {
  const { t } = useTranslation('operations');
  const me = useMe();
  const orders = useWorkOrders();
  const [raising, setRaising] = useState<WorkOrderPreset | null>(null);
  const [assigning, setAssigning] = useState<WorkOrder | null>(null);
  const [completing, setCompleting] = useState<WorkOrder | null>(null);
  const forms = { assign: setAssigning, complete: setCompleting };
  return (
    <Page title={t('workOrders.title')} actions={mayCall(me.data, 'postWorkOrders') ? <Button onClick={() => setRaising({})}>{t('workOrders.new')}</Button> : undefined}>
      <ErrorNotice error={orders.error} />
      {orders.isPending ? (
        <Loader aria-label={t('workOrders.loading')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} spacing="sm">
          {COLUMNS.map((status) => {
            const cards = (orders.data ?? []).filter((o) => o.status === status);
            return (
              <Stack key={status} gap="xs" role="region" aria-label={t(`workOrderStatus.${status}`)}>
                <Title order={2} size="h5">
                  {t('workOrders.column', { status: t(`workOrderStatus.${status}`), n: cards.length })}
                </Title>
                {cards.length ? cards.map((o) => <WorkOrderCard key={o.id} order={o} forms={forms} />) : <Text size="xs" c="dimmed">{t('workOrders.none')}</Text>}
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
      <WorkOrderModal preset={raising} onClose={() => setRaising(null)} />
      <AssignModal order={assigning} onClose={() => setAssigning(null)} />
      <CompleteModal order={completing} onClose={() => setCompleting(null)} />
    </Page>
  );
}
