import { Button, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { revocableColumns, RevokeConfirm } from '../../ui/revocable';
import { MintModal, SecretOnce } from '../../ui/secret-once';
import { useMintReaderKey, useReaderKeys, useRevokeReaderKey } from './access.queries';

/** The keys door-reader bridges call the door routes with: shown once when minted, hashed after. */
export function ReaderKeysPage() {
  const { t } = useTranslation('access');
  const keys = useReaderKeys();
  const mint = useMintReaderKey();
  const revoke = useRevokeReaderKey();
  const [name, setName] = useState('');
  const [minting, setMinting] = useState(false);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const close = () => {
    mint.reset();
    setName('');
    setMinting(false);
  };
  return (
    <Page title={t('readerKeys.title')} actions={<Button onClick={() => setMinting(true)}>{t('readerKeys.new')}</Button>}>
      <Text size="sm" c="dimmed">
        {t('readerKeys.intro')}
      </Text>
      <DataTable query={keys} loadingLabel={t('readerKeys.loading')} empty={t('readerKeys.empty')} minWidth={560} columns={[
        { header: t('common.name'), cell: (k) => k.name },
        { header: t('readerKeys.key'), cell: (k) => <code>{k.prefix}…</code> },
        { header: t('readerKeys.lastUsed'), cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t('readerKeys.never')) },
        ...revocableColumns(setRevoking),
      ]} />
      <MintModal opened={minting} onClose={close} title={t('readerKeys.new')} error={mint.error}
        made={mint.data ? <SecretOnce label={t('readerKeys.secretLabel', { name: mint.data.name })} value={mint.data.key} /> : null}
        submit={
          <Button disabled={!name.trim()} loading={mint.isPending} onClick={() => mint.mutate(name.trim())}>
            {t('readerKeys.create')}
          </Button>
        }
      >
        <TextInput label={t('common.name')} description={t('readerKeys.nameHelp')} required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </MintModal>
      <RevokeConfirm revoking={revoking} onClose={() => setRevoking(null)} revoke={revoke}>
        {t('readerKeys.revokeBody')}
      </RevokeConfirm>
    </Page>
  );
}
