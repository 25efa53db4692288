import { Badge, Button, Card, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm.modal';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice } from '../../ui/page';
import { useAddSsoDomain, useReleaseSsoDomain, useVerifySsoDomain, type SsoConnection, type SsoDomain } from './settings.queries';
import { Copyable, Section } from './sso-section';
import { useTranslation } from 'react-i18next';

export function Domains({ c }: { c: SsoConnection }) {
  const { t } = useTranslation('settings');
  const add = useAddSsoDomain();
  const verify = useVerifySsoDomain();
  const release = useReleaseSsoDomain();
  const [domain, setDomain] = useState('');
  const [releasing, setReleasing] = useState<SsoDomain | null>(null);
  return (
    <Section title={t('sso.domains.title')}>
      <Text size="sm" c="dimmed">
        {t('sso.domains.intro')}
      </Text>
      <Group align="flex-end">
        <TextInput label={t('sso.domains.domain')} placeholder="example.com" maxLength={253} value={domain} onChange={(e) => setDomain(e.currentTarget.value)} w={280} />
        <Button disabled={!domain.trim()} loading={add.isPending} onClick={() => add.mutate({ id: c.id, domain: domain.trim() }, { onSuccess: () => setDomain('') })}>
          {t('sso.domains.add')}
        </Button>
      </Group>
      <ErrorNotice error={add.error ?? verify.error} />
      {c.domains.map((d) => (
        <Card withBorder key={d.id} padding="sm">
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={600}>{d.domain}</Text>
              <Badge variant="light" color={d.verified ? 'green' : 'yellow'}>
                {d.verified ? t('sso.domains.verifiedAt', { at: formatDateTime(d.verifiedAt) }) : t('sso.domains.awaiting')}
              </Badge>
            </Group>
            <Group gap="xs">
              {d.verified ? null : (
                <Button
                  size="compact-sm"
                  loading={verify.isPending && verify.variables?.domainId === d.id}
                  aria-label={t('sso.domains.verifyDomain', { domain: d.domain })}
                  onClick={() => verify.mutate({ id: c.id, domainId: d.id }, { onSuccess: () => notifications.show({ color: 'green', message: t('sso.domains.verified', { domain: d.domain }) }) })}
                >
                  {t('sso.domains.verify')}
                </Button>
              )}
              <Button size="compact-sm" variant="subtle" color="red" aria-label={t('sso.domains.releaseDomain', { domain: d.domain })} onClick={() => setReleasing(d)}>
                {t('sso.domains.release')}
              </Button>
            </Group>
          </Group>
          {d.verified ? null : (
            <SimpleGrid cols={{ base: 1, md: 2 }} mt="xs">
              <Copyable label={t('sso.domains.recordName', { domain: d.domain })} value={d.dnsRecord.name} />
              <Copyable label={t('sso.domains.recordValue', { domain: d.domain })} value={d.dnsRecord.value} />
            </SimpleGrid>
          )}
        </Card>
      ))}
      <ConfirmModal
        opened={releasing !== null}
        title={t('sso.domains.releaseTitle', { domain: releasing?.domain ?? '' })}
        confirmLabel={t('sso.domains.release')}
        pending={release.isPending}
        error={release.error}
        onClose={() => setReleasing(null)}
        onConfirm={() => release.mutate({ id: c.id, domainId: releasing!.id }, { onSuccess: () => setReleasing(null) })}
      >
        {t('sso.domains.releaseBody')}
      </ConfirmModal>
    </Section>
  );
}
