import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { mayCall, useMe } from '../../auth/me';
import { formatDay } from './maintenance-dates';
import { useMoveWorkOrder, type WorkOrder, type WorkOrderMove, type WorkOrderStatus } from './maintenance.queries';
import { useErrorText } from '../../api/error-text';

export const STATUS_COLOUR: Record<WorkOrderStatus, string> = { OPEN: 'yellow', ASSIGNED: 'grape', IN_PROGRESS: 'blue', COMPLETED: 'teal', VERIFIED: 'green', CANCELLED: 'gray' };

/** What opens a form rather than moving at once. */
export interface CardForms {
  assign: (o: WorkOrder) => void;
  complete: (o: WorkOrder) => void;
}

/**
 * A work order and the moves its reader may make on it (the API's workflow, work-orders.service):
 * a manager assigns, cancels, verifies or rejects; the assignee (or a manager) starts and completes.
 */
export function WorkOrderCard({ order, forms }: { order: WorkOrder; forms: CardForms }) {
  const { t } = useTranslation('operations');
  const errorText = useErrorText();
  const me = useMe();
  const move = useMoveWorkOrder();
  const manager = mayCall(me.data, 'postWorkOrdersByIdVerify');
  const doer = manager || order.assigneeUserId === me.data?.id;
  const button = (label: string, onClick: () => void, variant = 'light') => (
    <Button key={label} size="compact-xs" variant={variant} loading={move.isPending && move.variables?.id === order.id} onClick={onClick}>
      {label}
    </Button>
  );
  const go = (m: WorkOrderMove) => () => move.mutate({ id: order.id, move: m });
  const actions = [
    manager && (order.status === 'OPEN' || order.status === 'ASSIGNED') && button(order.status === 'OPEN' ? t('workOrder.assign') : t('workOrder.reassign'), () => forms.assign(order)),
    doer && order.status === 'ASSIGNED' && button(t('workOrder.start'), go('start'), 'filled'),
    doer && order.status === 'IN_PROGRESS' && button(t('workOrder.complete'), () => forms.complete(order), 'filled'),
    manager && order.status === 'COMPLETED' && button(t('workOrder.verify'), go('verify'), 'filled'),
    manager && order.status === 'COMPLETED' && button(t('workOrder.reject'), go('reject')),
    manager && ['OPEN', 'ASSIGNED', 'IN_PROGRESS'].includes(order.status) && button(t('cancel'), go('cancel'), 'subtle'),
  ].filter(Boolean);
  return (
    <Paper withBorder p="xs" role="group" aria-label={order.title}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {order.title}
        </Text>
        {order.assetName ? <Text size="xs">{order.assetName}</Text> : null}
        <Group gap={4}>
          <Badge size="xs" variant="light" color={STATUS_COLOUR[order.status]}>
            {t(`workOrderStatus.${order.status}`)}
          </Badge>
          <Badge size="xs" variant="outline" color={order.priority === 'URGENT' || order.priority === 'HIGH' ? 'red' : 'gray'}>
            {t(`priority.${order.priority}`)}
          </Badge>
          {order.overdue ? (
            <Badge size="xs" color="red">
              {t('workOrder.overdue')}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {order.assigneeName ? t('workOrder.assignedTo', { name: order.assigneeName }) : t('workOrder.unassigned')}
          {order.dueOn ? t('workOrder.due', { day: formatDay(order.dueOn) }) : ''}
        </Text>
        {order.completionNote ? <Text size="xs">{t('quoted', { text: order.completionNote })}</Text> : null}
        {move.error && move.variables?.id === order.id ? (
          <Text size="xs" c="red" role="alert">
            {errorText(move.error)}
          </Text>
        ) : null}
        {actions.length ? <Group gap={4}>{actions}</Group> : null}
      </Stack>
    </Paper>
  );
}
