import { Alert, Anchor, Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, humanize } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { formatMoney } from './money';
import { useAccounting, useConnectAccounting, useCreateRun, useDisconnectAccounting, useRuns, type Run } from './payroll.queries';
import { inZone } from '../../ui/zone';

export const RUN_COLOUR: Record<Run['status'], string> = { DRAFT: 'yellow', FINALIZED: 'blue', PAID: 'green' };

/** Last month, of the company's calendar, as YYYY-MM: the usual run. */
function lastMonth(): string {
  const d = inZone(Date.now());
  d.setDate(0);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export function RunsPage() {
  const { t } = useTranslation('payroll');
  const runs = useRuns();
  const navigate = useNavigate();
  const create = useCreateRun();
  const [creating, setCreating] = useState(false);
  const [month, setMonth] = useState(lastMonth);
  const close = () => {
    create.reset();
    setCreating(false);
  };
  return (
    <Page title={t('nav.payRuns')} actions={<Button onClick={() => setCreating(true)}>{t('runs.new')}</Button>}>
      <Text size="sm" c="dimmed">
        {t('runs.intro')}
      </Text>
      <AccountingCard />
      <DataTable query={runs} loadingLabel={t('runs.loading')} empty={t('runs.empty')} tableProps={{ striped: true, highlightOnHover: true }} columns={[
        {
          header: t('payslips.month'),
          cell: (r) => (
            <Anchor component={Link} to={`/payroll/runs/${r.id}`}>
              {r.periodYearMonth}
            </Anchor>
          ),
        },
        {
          header: t('runs.status'),
          cell: (r) => (
            <Badge variant="light" color={RUN_COLOUR[r.status]}>
              {humanize(r.status)}
            </Badge>
          ),
        },
        { header: t('runs.payslips'), cell: (r) => r.payslipCount },
        { header: t('payslips.gross'), cell: (r) => formatMoney(r.totalGrossMinor, r.currency) },
        { header: t('payslips.net'), cell: (r) => formatMoney(r.totalNetMinor, r.currency) },
        { header: t('runs.computed'), cell: (r) => formatDateTime(r.computedAt) },
      ]} />
      <FormModal opened={creating} onClose={close} title={t('runs.new')} error={create.error}
        submit={
          <Button
            disabled={!/^\d{4}-\d{2}$/.test(month)}
            loading={create.isPending}
            onClick={() =>
              create.mutate(month, {
                onSuccess: (run) => {
                  close();
                  navigate(`/payroll/runs/${run.id}`);
                },
              })
            }
          >
            {t('runs.computeDraft')}
          </Button>
        }
      >
        <TextInput label={t('payslips.month')} type="month" required value={month} onChange={(e) => setMonth(e.currentTarget.value)} />
      </FormModal>
    </Page>
  );
}

/** The accounting provider: a final run's journal can be posted there once it is connected. */
function AccountingCard() {
  const { t } = useTranslation('payroll');
  const accounting = useAccounting();
  const connect = useConnectAccounting();
  const disconnect = useDisconnectAccounting();
  // The API sends the browser back here from Xero with the outcome (?accounting=connected or ?accountingError=…).
  const [params, setParams] = useSearchParams();
  const landedError = params.get('accountingError');
  const landedConnected = params.get('accounting') === 'connected';
  const forget = () => setParams((p) => { p.delete('accounting'); p.delete('accountingError'); return p; }, { replace: true });
  if (accounting.isPending) return null;
  if (accounting.error) return <ErrorNotice error={accounting.error} />;
  const status = accounting.data;
  const c = status.connected ? status : null;
  // A platform without an accounting app has nothing to offer here but the CSV journal every final run has.
  if (!c && !status.available) return null;
  return (
    <Alert color={c ? 'green' : 'gray'} title={t('accounting.title')}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">{c ? t('accounting.connected', { organisation: c.organisationName ?? c.organisationId, since: formatDateTime(c.connectedAt) }) : t('accounting.notConnected')}</Text>
        {c ? (
          <Button size="xs" variant="light" color="red" loading={disconnect.isPending} onClick={() => disconnect.mutate(undefined, { onSuccess: () => notifications.show({ message: t('accounting.disconnected') }) })}>
            {t('accounting.disconnect')}
          </Button>
        ) : (
          <Button size="xs" variant="light" loading={connect.isPending} onClick={() => connect.mutate(undefined, { onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl) })}>
            {t('accounting.connect')}
          </Button>
        )}
      </Group>
      <ErrorNotice error={connect.error ?? disconnect.error} />
      {landedError ? (
        <Alert color="red" role="alert" mt="sm" withCloseButton closeButtonLabel={t('accounting.dismiss')} onClose={forget} title={t('accounting.failed')}>
          {landedError}
        </Alert>
      ) : null}
      {landedConnected && c ? (
        <Alert color="green" role="status" mt="sm" withCloseButton closeButtonLabel={t('accounting.dismiss')} onClose={forget}>
          {t('accounting.nowConnected')}
        </Alert>
      ) : null}
    </Alert>
  );
}
