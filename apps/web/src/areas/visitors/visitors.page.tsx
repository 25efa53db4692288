import { Alert, Button, Code, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { CopyValueButton } from '../../ui/copy-button';
import { useState } from 'react';
import { formatDateTime, humanize } from '../../ui/format';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { FormActions } from '../../ui/form-actions';
import { useZones } from '../access/access.queries';
import { useCreatePass, useRevokePass, useVisitorPasses, type VisitorPass } from './visitors.queries';
import { localInputInstant, localInputValue } from '../../ui/zone';

/** A datetime-local value `hours` from now, in the company's zone. */
function inHours(hours: number): string {
  return localInputValue(Date.now() + hours * 3_600_000);
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
      <DataTable query={passes} loadingLabel="Loading passes" empty="No visitor passes. A pass sends a visitor a link that opens the zones you choose until it expires." minWidth={720} columns={[
        {
          header: 'Visitor',
          cell: (p) => (
            <>
              {p.name}
              <Text size="xs" c="dimmed">
                {[p.email, p.phone].filter(Boolean).join(' · ')}
              </Text>
            </>
          ),
        },
        { header: 'Zones', cell: (p) => p.grants.map((g) => g.zoneName).join(', ') },
        { header: 'Until', cell: (p) => formatDateTime(p.expiresAt) },
        { header: 'Used', cell: (p) => (p.lastRedeemedAt ? formatDateTime(p.lastRedeemedAt) : 'Not yet') },
        { header: 'Message', cell: (p) => (p.whatsappDelivery ? `WhatsApp: ${humanize(p.whatsappDelivery.status)}` : p.email ? 'Mail' : '—') },
        {
          cell: (p) => (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRevoking(p)}>
              Revoke
            </Button>
          ),
        },
      ]} />
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
    create.mutate({ name: name.trim(), zoneIds, expiresAt: localInputInstant(until).toISOString(), ...(email.trim() ? { email: email.trim() } : {}), ...(phone.trim() ? { phone: phone.trim() } : {}) });
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
          <FormActions error={create.error} onCancel={close}>
            <Button disabled={!name.trim() || zoneIds.length === 0 || !until} loading={create.isPending} onClick={submit}>
              Create the pass
            </Button>
          </FormActions>
        </Stack>
      )}
    </Modal>
  );
}
