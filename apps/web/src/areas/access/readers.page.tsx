import { Anchor, Badge, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { useReaders, useRemoveReader, type Reader } from './access.queries';

/**
 * Every reader that has reported, online when its last heartbeat is within 15 minutes. Admins
 * remove retired ones (outside any zone) to free their place under the tenant's cap.
 */
export function ReadersPage() {
  const { t } = useTranslation('access');
  const readers = useReaders();
  const admin = mayCall(useMe().data, 'deleteAccessReadersByReaderId');
  const remove = useRemoveReader();
  const [removing, setRemoving] = useState<Reader | null>(null);
  const online = (readers.data ?? []).filter((r) => r.online).length;
  return (
    <Page title={t('readers.title')}>
      <Text size="sm" c="dimmed">
        {readers.data ? t('readers.onlineCount', { online, total: readers.data.length }) : ''}
        {t('readers.intro')}
      </Text>
      <DataTable query={readers} loadingLabel={t('readers.loading')} columns={[
        { header: t('common.reader'), cell: (r) => r.readerId },
        {
          header: t('common.state'),
          cell: (r) => (
            <>
              <Badge variant="light" color={r.online ? 'green' : 'gray'}>
                {r.online ? t('common.online') : t('common.offline')}
              </Badge>
              {r.online ? null : (
                <Text size="xs" c="dimmed">
                  {t('readers.since', { time: formatDateTime(r.lastSeenAt) })}
                </Text>
              )}
            </>
          ),
        },
        {
          header: t('common.zone'),
          cell: (r) => (
            r.zone ? (
              <Anchor component={Link} to={`/access/zones/${r.zone.id}`}>
                {r.zone.name}
              </Anchor>
            ) : (
              t('readers.notInZone')
            )
          ),
        },
        { header: t('common.lastHeartbeat'), cell: (r) => formatDateTime(r.lastSeenAt) },
        { header: t('readers.firmware'), cell: (r) => (r.firmwareVersion ?? '—') },
        { header: t('readers.address'), cell: (r) => (r.ipAddress ?? '—') },
        admin && {
          cell: (r) => (
            r.zone ? null : (
              <Button size="compact-sm" variant="subtle" color="red" aria-label={t('readers.removeLabel', { id: r.readerId })} onClick={() => setRemoving(r)}>
                {t('readers.remove')}
              </Button>
            )
          ),
        },
      ]} />
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('readers.removeTitle', { id: removing?.readerId ?? '' })}
        confirmLabel={t('readers.removeConfirm')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing, { onSuccess: () => setRemoving(null) })}
      >
        {t('readers.removeBody')}
      </ConfirmModal>
    </Page>
  );
}
