import { Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format';
import { revocableColumns, RevokeConfirm } from '../../ui/revocable';
import { MintModal, SecretOnce } from '../../ui/secret-once';
import { useCreatePortalLink, usePortalLinks, useRevokePortalLink } from './developers.queries';

const CAPABILITIES = ['replay', 'test', 'rotate'] as const;
type Capability = (typeof CAPABILITIES)[number];
/** How long a link works, in minutes. */
const LIFETIMES = ['60', '1440', '10080'] as const;

/**
 * Issue 32: links that open this subscription's portal to someone without an account (the
 * integrator who runs the receiver), in a tab of their own or embedded in their site; the link is
 * shown once, and the ones that still work can be revoked.
 */
export function PortalLinks({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation('developers');
  const links = usePortalLinks(webhookId);
  const create = useCreatePortalLink();
  const revoke = useRevokePortalLink(webhookId);
  const [open, setOpen] = useState(false);
  const [capabilities, setCapabilities] = useState<Capability[]>([]);
  const [lifetime, setLifetime] = useState('60');
  const [origins, setOrigins] = useState('');
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const close = () => {
    setOpen(false);
    create.reset();
    setCapabilities([]);
    setOrigins('');
  };
  const frameOrigins = origins
    .split(/[\s,]+/)
    .map((o) => o.trim())
    .filter(Boolean);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={700}>{t('portal.title')}</Text>
        <Button variant="light" size="compact-sm" onClick={() => setOpen(true)}>
          {t('portal.new')}
        </Button>
      </Group>
      <DataTable
        query={{ ...links, data: links.data?.links.map((l) => ({ ...l, name: t('portal.linkName', { hint: l.tokenHint }) })) }}
        loadingLabel={t('portal.loading')}
        empty={t('portal.empty')}
        columns={[
          { header: t('portal.link'), cell: (l) => l.name },
          { header: t('portal.may'), cell: (l) => (l.capabilities.length ? l.capabilities.map((c) => t(`portal.capabilityShort.${c}`)).join(', ') : t('portal.readOnly')) },
          { header: t('portal.embeddableBy'), cell: (l) => (l.frameOrigins.length ? l.frameOrigins.join(', ') : t('portal.nobody')) },
          { header: t('portal.expires'), cell: (l) => formatDateTime(l.expiresAt) },
          ...revocableColumns(setRevoking),
        ]}
      />
      <MintModal
        opened={open}
        onClose={close}
        title={t('portal.new')}
        error={create.error}
        made={create.data ? <SecretOnce label={t('portal.secretLabel')} value={create.data.url} /> : null}
        submit={
          <Button loading={create.isPending} onClick={() => create.mutate({ id: webhookId, body: { expiresInMinutes: Number(lifetime), capabilities, frameOrigins } })}>
            {t('portal.make')}
          </Button>
        }
      >
        <Checkbox.Group label={t('portal.capabilities')} value={capabilities} onChange={(v) => setCapabilities(v as Capability[])}>
          <Stack gap={4} mt={4}>
            {CAPABILITIES.map((c) => (
              <Checkbox key={c} value={c} label={t(`portal.capability.${c}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <NativeSelect label={t('portal.worksFor')} value={lifetime} data={LIFETIMES.map((value) => ({ value, label: t(`portal.lifetime.${value}`) }))} onChange={(e) => setLifetime(e.currentTarget.value)} />
        <TextInput
          label={t('portal.origins')}
          description={t('portal.originsHelp')}
          value={origins}
          onChange={(e) => setOrigins(e.currentTarget.value)}
        />
      </MintModal>
      <RevokeConfirm revoking={revoking} onClose={() => setRevoking(null)} revoke={revoke}>
        {t('portal.revokeBody')}
      </RevokeConfirm>
    </Stack>
  );
}
