import { Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format';
import { revocableColumns, RevokeConfirm } from '../../ui/revocable';
import { MintModal, SecretOnce } from '../../ui/secret-once';
import { useCreatePortalLink, usePortalLinks, useRevokePortalLink } from './developers.queries';

const CAPABILITIES = [
  { value: 'replay', label: 'Replay deliveries' },
  { value: 'test', label: 'Send a test' },
  { value: 'rotate', label: 'Rotate the secret' },
] as const;
type Capability = (typeof CAPABILITIES)[number]['value'];
const LIFETIMES = [
  { value: '60', label: '1 hour' },
  { value: '1440', label: '1 day' },
  { value: '10080', label: '7 days' },
];

/**
 * Issue 32: links that open this subscription's portal to someone without an account (the
 * integrator who runs the receiver), in a tab of their own or embedded in their site; the link is
 * shown once, and the ones that still work can be revoked.
 */
export function PortalLinks({ webhookId }: { webhookId: string }) {
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
        <Text fw={700}>Portal links</Text>
        <Button variant="light" size="compact-sm" onClick={() => setOpen(true)}>
          New portal link
        </Button>
      </Group>
      <DataTable
        query={{ ...links, data: links.data?.links.map((l) => ({ ...l, name: `Link …${l.tokenHint}` })) }}
        loadingLabel="Loading portal links"
        empty="No portal link works now."
        columns={[
          { header: 'Link', cell: (l) => l.name },
          { header: 'May', cell: (l) => (l.capabilities.length ? l.capabilities.join(', ') : 'read only') },
          { header: 'Embeddable by', cell: (l) => (l.frameOrigins.length ? l.frameOrigins.join(', ') : 'nobody') },
          { header: 'Expires', cell: (l) => formatDateTime(l.expiresAt) },
          ...revocableColumns(setRevoking),
        ]}
      />
      <MintModal
        opened={open}
        onClose={close}
        title="New portal link"
        error={create.error}
        made={create.data ? <SecretOnce label="Portal link" value={create.data.url} /> : null}
        submit={
          <Button loading={create.isPending} onClick={() => create.mutate({ id: webhookId, body: { expiresInMinutes: Number(lifetime), capabilities, frameOrigins } })}>
            Make the link
          </Button>
        }
      >
        <Checkbox.Group label="Besides reading, its holder may" value={capabilities} onChange={(v) => setCapabilities(v as Capability[])}>
          <Stack gap={4} mt={4}>
            {CAPABILITIES.map((c) => (
              <Checkbox key={c.value} value={c.value} label={c.label} />
            ))}
          </Stack>
        </Checkbox.Group>
        <NativeSelect label="Works for" value={lifetime} data={LIFETIMES} onChange={(e) => setLifetime(e.currentTarget.value)} />
        <TextInput
          label="Sites that may embed it"
          description="Origins such as https://app.example.com, separated by commas; none: it opens only in a tab of its own"
          value={origins}
          onChange={(e) => setOrigins(e.currentTarget.value)}
        />
      </MintModal>
      <RevokeConfirm revoking={revoking} onClose={() => setRevoking(null)} revoke={revoke}>
        The link stops working at once, in every tab and site that has it open.
      </RevokeConfirm>
    </Stack>
  );
}
