import { Button, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { revocableColumns, RevokeConfirm } from '../../ui/revocable';
import { MintModal, SecretOnce } from '../../ui/secret-once';
import { useKiosks, useRegisterKiosk, useRevokeKiosk } from './settings.queries';
import { useOutlets } from '../../api/shared.queries';

/** The kiosk tablets at outlets' entrances: each has a device token, shown once when registered. */
export function KiosksPage() {
  const { t } = useTranslation('settings');
  const kiosks = useKiosks();
  const outlets = useOutlets();
  const register = useRegisterKiosk();
  const revoke = useRevokeKiosk();
  const [open, setOpen] = useState(false);
  const [outletId, setOutletId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  const close = () => {
    register.reset();
    setName('');
    setOpen(false);
  };
  return (
    <Page title={t('nav.kiosks')} actions={<Button onClick={() => setOpen(true)}>{t('kiosks.register')}</Button>}>
      <Text size="sm" c="dimmed">
        <Trans t={t} i18nKey="kiosks.intro" values={{ origin: window.location.origin }} components={{ code: <code /> }} />
      </Text>
      <DataTable query={kiosks} loadingLabel={t('kiosks.loading')} empty={t('kiosks.empty')} minWidth={560} columns={[
        { header: t('kiosks.name'), cell: (k) => k.name },
        { header: t('kiosks.outlet'), cell: (k) => (outletName.get(k.outletId) ?? '—') },
        { header: t('kiosks.token'), cell: (k) => <code>…{k.tokenHint}</code> },
        { header: t('kiosks.lastUsed'), cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t('kiosks.never')) },
        ...revocableColumns(setRevoking),
      ]} />
      <MintModal opened={open} onClose={close} title={t('kiosks.register')} error={register.error}
        made={register.data ? <SecretOnce label={t('kiosks.tokenFor', { name: register.data.name })} value={register.data.token} /> : null}
        submit={
          <Button disabled={!outletId || !name.trim()} loading={register.isPending} onClick={() => register.mutate({ outletId: outletId!, name: name.trim() })}>
            {t('kiosks.registerButton')}
          </Button>
        }
      >
        <Select label={t('kiosks.outlet')} required data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} />
        <TextInput label={t('kiosks.name')} description={t('kiosks.nameHelp')} required maxLength={80} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </MintModal>
      <RevokeConfirm revoking={revoking} onClose={() => setRevoking(null)} revoke={revoke}>
        {t('kiosks.revokeBody')}
      </RevokeConfirm>
    </Page>
  );
}
