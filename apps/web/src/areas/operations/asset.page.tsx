import { Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { mayCall, mayOpen, useMe } from '../../auth/me';
import { formatDay } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { QrCode } from '../../ui/qr';
import { AssetFormModal, AssetStatusBadge, draftOf, type AssetDraft } from './asset-form.modal';
import { ASSET_HISTORY_SECTIONS, AssetHistory } from './asset-history';
import { Warranty } from './assets.page';
import label from './asset-label.module.css';
import { useAsset } from './operations.queries';

/** Where an asset's QR code leads: its phone page, where staff report a problem in two taps. */
export const reportPath = (assetId: string) => `/operations/assets/${assetId}/report`;

/** One asset: its details, the QR code to print and stick on it, and its history. */
export function AssetPage() {
  const { t } = useTranslation('operations');
  const { id = '' } = useParams();
  const me = useMe();
  const asset = useAsset(id);
  const [editing, setEditing] = useState<AssetDraft | null>(null);
  const a = asset.data;
  if (!a) return asset.error ? <ErrorNotice error={asset.error} /> : <Loader aria-label={t('asset.loading')} />;
  const detail = (label: string, value: ReactNode) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </div>
  );
  return (
    <Page title={a.name} actions={
      <Group gap="xs">
        <Button variant="light" component={Link} to={reportPath(a.id)}>
          {t('asset.reportProblem')}
        </Button>
        {mayCall(me.data, 'patchAssetsById') ? <Button onClick={() => setEditing(draftOf(a))}>{t('edit')}</Button> : null}
      </Group>
    }>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ flex: 1, minWidth: 280 }}>
          {detail(t('asset.tag'), a.tag)}
          {detail(t('status'), <AssetStatusBadge status={a.status} />)}
          {detail(t('outlet'), t('asset.outletWithCode', { name: a.outlet.name, code: a.outlet.code }))}
          {detail(t('category'), a.category.name)}
          {detail(t('vendor'), a.vendor?.name ?? '—')}
          {detail(t('asset.serialNumber'), a.serialNumber ?? '—')}
          {detail(t('asset.purchasedOn'), formatDay(a.purchaseDate))}
          {detail(t('asset.warrantyUntil'), <Warranty until={a.warrantyUntil} />)}
          {a.notes ? detail(t('asset.notes'), a.notes) : null}
        </SimpleGrid>
        <Card withBorder padding="md" className={label.label}>
          <Stack gap={4} align="center">
            <QrCode value={`${window.location.origin}${reportPath(a.id)}`} label={t('asset.qrLabel', { name: a.name })} size={180} />
            <Text fw={700}>{a.name}</Text>
            <Text size="sm">{a.tag}</Text>
            <Text size="xs" c="dimmed">
              {t('asset.scanToReport')}
            </Text>
            <Button size="compact-sm" variant="subtle" className={label.screenOnly} onClick={() => window.print()}>
              {t('asset.printLabel')}
            </Button>
          </Stack>
        </Card>
      </Group>
      <AssetHistory asset={a} sections={ASSET_HISTORY_SECTIONS.filter((s) => mayOpen(me.data, s.needs))} />
      <Anchor component={Link} to="/operations/assets" size="sm">
        {t('asset.all')}
      </Anchor>
      <AssetFormModal draft={editing} onChange={setEditing} onClose={() => setEditing(null)} />
    </Page>
  );
}
