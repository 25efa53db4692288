import { Badge, Button, Card, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm.modal';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice } from '../../ui/page';
import { useAddSsoDomain, useReleaseSsoDomain, useVerifySsoDomain, type SsoConnection, type SsoDomain } from './settings.queries';
import { Copyable, Section } from './sso-section';

export function Domains({ c }: { c: SsoConnection }) {
  const add = useAddSsoDomain();
  const verify = useVerifySsoDomain();
  const release = useReleaseSsoDomain();
  const [domain, setDomain] = useState('');
  const [releasing, setReleasing] = useState<SsoDomain | null>(null);
  return (
    <Section title="Email domains">
      <Text size="sm" c="dimmed">
        People whose email is at a verified domain sign in here. Prove each domain with the TXT record shown, then verify.
      </Text>
      <Group align="flex-end">
        <TextInput label="Domain" placeholder="example.com" maxLength={253} value={domain} onChange={(e) => setDomain(e.currentTarget.value)} w={280} />
        <Button disabled={!domain.trim()} loading={add.isPending} onClick={() => add.mutate({ id: c.id, domain: domain.trim() }, { onSuccess: () => setDomain('') })}>
          Add the domain
        </Button>
      </Group>
      <ErrorNotice error={add.error ?? verify.error} />
      {c.domains.map((d) => (
        <Card withBorder key={d.id} padding="sm">
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={600}>{d.domain}</Text>
              <Badge variant="light" color={d.verified ? 'green' : 'yellow'}>
                {d.verified ? `Verified ${formatDateTime(d.verifiedAt)}` : 'Awaiting its TXT record'}
              </Badge>
            </Group>
            <Group gap="xs">
              {d.verified ? null : (
                <Button
                  size="compact-sm"
                  loading={verify.isPending && verify.variables?.domainId === d.id}
                  aria-label={`Verify ${d.domain}`}
                  onClick={() => verify.mutate({ id: c.id, domainId: d.id }, { onSuccess: () => notifications.show({ color: 'green', message: `${d.domain} verified.` }) })}
                >
                  Verify
                </Button>
              )}
              <Button size="compact-sm" variant="subtle" color="red" aria-label={`Release ${d.domain}`} onClick={() => setReleasing(d)}>
                Release
              </Button>
            </Group>
          </Group>
          {d.verified ? null : (
            <SimpleGrid cols={{ base: 1, md: 2 }} mt="xs">
              <Copyable label={`${d.domain} TXT record name`} value={d.dnsRecord.name} />
              <Copyable label={`${d.domain} TXT record value`} value={d.dnsRecord.value} />
            </SimpleGrid>
          )}
        </Card>
      ))}
      <ConfirmModal
        opened={releasing !== null}
        title={`Release ${releasing?.domain ?? ''}?`}
        confirmLabel="Release"
        pending={release.isPending}
        error={release.error}
        onClose={() => setReleasing(null)}
        onConfirm={() => release.mutate({ id: c.id, domainId: releasing!.id }, { onSuccess: () => setReleasing(null) })}
      >
        People of this domain sign in with passwords again.
      </ConfirmModal>
    </Section>
  );
}
