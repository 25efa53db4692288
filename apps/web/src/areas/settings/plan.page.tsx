import { Alert, Badge, Button, Loader, Paper, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { useInvalidatingMutation } from '../../api/shared.queries';
import type { Body } from '../../api/types';
import { mayCall, useMe } from '../../auth/me';
import { usePlan, type TenantPlan } from '../../auth/plan';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';

const MESSAGE_MAX = 1000;

/**
 * The plan page, at the address the API's plan refusals name (/admin/billing): what the company's
 * plan includes, what each plan unlocks, and for owners and admins a request for a higher one,
 * which reaches the platform operator (there is no payment here: the operator changes the plan).
 */
export function PlanPage() {
  const { t } = useTranslation('settings');
  const plan = usePlan();
  const me = useMe();
  if (!plan.data) return plan.error ? <ErrorNotice error={plan.error} /> : <Loader aria-label={t('plan.loading')} />;
  const p = plan.data;
  return (
    <Page title={t('nav.plan')}>
      <Text>
        <Trans t={t} i18nKey="plan.current" values={{ plan: p.plan }} components={{ b: <b /> }} />
      </Text>
      <PlansTable plan={p} />
      {p.pendingRequest ? (
        <Alert color="blue" title={t('plan.requested')}>
          {t('plan.pending', { name: p.pendingRequest.requestedBy?.fullName ?? t('plan.someone'), plan: p.pendingRequest.plan, at: formatDateTime(p.pendingRequest.createdAt) })}
        </Alert>
      ) : mayCall(me.data, 'postTenantPlanRequests') ? (
        <RequestUpgrade plan={p} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('plan.askYourAdmin')}
        </Text>
      )}
    </Page>
  );
}

function PlansTable({ plan }: { plan: TenantPlan }) {
  const { t } = useTranslation('settings');
  const features = plan.plans.at(-1)?.features ?? [];
  return (
    // Scrolls sideways on a phone; a region that scrolls is reachable from the keyboard (WCAG 2.1.1).
    <Paper withBorder style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('plan.tableLabel')}>
      <Table miw={520}>
        <Table.Caption>{t('plan.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('plan.feature')}</Table.Th>
            {plan.plans.map((p) => (
              <Table.Th key={p.plan} scope="col">
                {p.plan}{' '}
                {p.plan === plan.plan ? (
                  <Badge size="xs" variant="light">
                    {t('plan.yours')}
                  </Badge>
                ) : null}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {features.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Th scope="row">{f.name.charAt(0).toUpperCase() + f.name.slice(1)}</Table.Th>
              {plan.plans.map((p) => (
                <Table.Td key={p.plan}>{p.features.some((x) => x.id === f.id) ? t('plan.included') : '—'}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function RequestUpgrade({ plan }: { plan: TenantPlan }) {
  const { t } = useTranslation('settings');
  const higher = plan.plans.slice(plan.plans.findIndex((p) => p.plan === plan.plan) + 1).map((p) => p.plan);
  const [wanted, setWanted] = useState<string | null>(higher[0] ?? null);
  const [message, setMessage] = useState('');
  const request = useInvalidatingMutation((body: Body<'postTenantPlanRequests'>) => ok(api.POST('/tenant/plan-requests', { body })), [['tenant-plan']]);
  if (higher.length === 0) return <Text size="sm">{t('plan.highest')}</Text>;
  const submit = () => {
    if (!wanted) return;
    request.mutate(
      { plan: wanted as Body<'postTenantPlanRequests'>['plan'], ...(message.trim() ? { message: message.trim() } : {}) },
      { onSuccess: () => notifications.show({ color: 'green', message: t('plan.sent') }) },
    );
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={(e) => (e.preventDefault(), submit())}>
      <Stack gap="sm" maw={480}>
        <Text fw={700}>{t('plan.ask')}</Text>
        <Select label={t('plan.wanted')} required data={higher.map((p) => ({ value: p, label: p }))} value={wanted} onChange={setWanted} allowDeselect={false} />
        <Textarea
          label={t('plan.message')}
          description={t('plan.messageHelp', { max: MESSAGE_MAX })}
          maxLength={MESSAGE_MAX}
          autosize
          minRows={2}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <ErrorNotice error={request.error} />
        <Button type="submit" w="fit-content" loading={request.isPending} disabled={!wanted}>
          {t('plan.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
