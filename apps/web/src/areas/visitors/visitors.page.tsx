import { Alert, Button, Code, Group, Loader, Modal, MultiSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { CopyValueButton } from '../../ui/copy-button';
import { useState } from 'react';
import { formatDateTime, humanize } from '../../ui/format';
import { ConfirmModal } from '../../ui/confirm.modal';
import { ErrorNotice, Page } from '../../ui/page';
import { useZones } from '../access/access.queries';
import { useCreatePass, useRevokePass, useVisitorPasses, type VisitorPass } from './visitors.queries';

/** A local datetime-local value `hours` from now. */
function inHours(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Visitor passes: a magic link that gives a visitor a door credential for some zones until a time. */
export function VisitorsPage() {
  const passes = useVisitorPasses();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<VisitorPass | null>(null);
  const revoke = useRevokePass();
  return (
    <Page title="Visitor passes" actions={<Button onClick={() => setCreating(true)}>New visitor pass</Button>}>
      <Text size="sm" c="dimmed">
        The passes still running; revoked and expired ones drop off this list.
      </Text>
      <ErrorNotice error={passes.error} />
      {passes.isPending ? (
        <Loader aria-label="Loading passes" />
      ) : passes.data && passes.data.length === 0 ? (
        <Text c="dimmed">No visitor passes. A pass sends a visitor a link that opens the zones you choose until it expires.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Visitor</Table.Th>
                <Table.Th>Zones</Table.Th>
                <Table.Th>Until</Table.Th>
                <Table.Th>Used</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(passes.data ?? []).map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      {p.name}
                      <Text size="xs" c="dimmed">
                        {[p.email, p.phone].filter(Boolean).join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{p.grants.map((g) => g.zoneName).join(', ')}</Table.Td>
                    <Table.Td>{formatDateTime(p.expiresAt)}</Table.Td>
                    <Table.Td>{p.lastRedeemedAt ? formatDateTime(p.lastRedeemedAt) : 'Not yet'}</Table.Td>
                    <Table.Td>{p.whatsappDelivery ? `WhatsApp: ${humanize(p.whatsappDelivery.status)}` : p.email ? 'Mail' : '—'}</Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRevoking(p)}>
                        Revoke
                      </Button>
                    </Table.Td>
                  </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreatePassModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke the pass of ${revoking?.name ?? ''}?`}
        confirmLabel="Revoke"
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoke.mutate(revoking!.id, { onSuccess: () => setRevoking(null) })}
      >
        Its link and any credential it gave stop opening doors at once.
      </ConfirmModal>
    </Page>
  );
}

function CreatePassModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const zones = useZones();
  const create = useCreatePass();
  const [name, setName] = useState('');
  const [zoneIds, setZoneIds] = useState<string[]>([]);
  const [until, setUntil] = useState(() => inHours(8));
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const close = () => {
    create.reset();
    setName('');
    setZoneIds([]);
    setUntil(inHours(8));
    setEmail('');
    setPhone('');
    onClose();
  };
  const submit = () =>
    create.mutate({ name: name.trim(), zoneIds, expiresAt: new Date(until).toISOString(), ...(email.trim() ? { email: email.trim() } : {}), ...(phone.trim() ? { phone: phone.trim() } : {}) });
  const made = create.data;
  return (
    <Modal opened={opened} onClose={close} title="New visitor pass">
      {made ? (
        <Stack gap="sm">
          <Alert color="yellow" title="The link: copy it now">
            <Stack gap="xs">
              <Code data-testid="magic-link" style={{ wordBreak: 'break-all' }}>
                {made.magicLink}
              </Code>
              <CopyValueButton value={made.magicLink} label="Copy the link" w="fit-content" />
              <Text size="sm">It is not shown again. Whoever opens it gets the visitor's door credential.</Text>
            </Stack>
          </Alert>
          <Text size="sm">
            {email.trim() ? (made.emailSent ? 'Mailed to the visitor. ' : 'Not mailed: no mail server is configured (the mail is in the mail drop). ') : ''}
            {phone.trim() ? (made.whatsappSent ? 'Sent by WhatsApp.' : 'Not sent by WhatsApp: no messaging provider is configured, or it refused.') : ''}
          </Text>
          <Button onClick={close}>Done</Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <TextInput label="Visitor's name" required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <MultiSelect label="Zones" required searchable data={(zones.data ?? []).map((z) => ({ value: z.id, label: z.name }))} value={zoneIds} onChange={setZoneIds} />
          <TextInput label="Until" type="datetime-local" required value={until} onChange={(e) => setUntil(e.currentTarget.value)} description="At most 90 days ahead" />
          <TextInput label="Email (optional)" type="email" description="The link is mailed here" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <TextInput label="Mobile (optional)" type="tel" description="The link is sent here by WhatsApp, when configured" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
          <ErrorNotice error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button disabled={!name.trim() || zoneIds.length === 0 || !until} loading={create.isPending} onClick={submit}>
              Create the pass
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
