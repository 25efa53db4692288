import { Button, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { revocableColumns, RevokeConfirm } from '../../ui/revocable';
import { MintModal, SecretOnce } from '../../ui/secret-once';
import { useKiosks, useRegisterKiosk, useRevokeKiosk } from './settings.queries';
import { useOutlets } from '../../api/shared.queries';

/** The kiosk tablets at outlets' entrances: each has a device token, shown once when registered. */
export function KiosksPage() {
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
    <Page title="Kiosks" actions={<Button onClick={() => setOpen(true)}>Register a kiosk</Button>}>
      <Text size="sm" c="dimmed">
        Open <code>{window.location.origin}/kiosk</code> on the tablet and type its token once: staff then tap their name and clock in or out with their PIN.
      </Text>
      <DataTable query={kiosks} loadingLabel="Loading kiosks" empty="No kiosks yet." minWidth={560} columns={[
        { header: 'Name', cell: (k) => k.name },
        { header: 'Outlet', cell: (k) => (outletName.get(k.outletId) ?? '—') },
        { header: 'Token', cell: (k) => <code>…{k.tokenHint}</code> },
        { header: 'Last used', cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never') },
        ...revocableColumns(setRevoking),
      ]} />
      <MintModal opened={open} onClose={close} title="Register a kiosk" error={register.error}
        made={register.data ? <SecretOnce label={`Kiosk token for “${register.data.name}”`} value={register.data.token} /> : null}
        submit={
          <Button disabled={!outletId || !name.trim()} loading={register.isPending} onClick={() => register.mutate({ outletId: outletId!, name: name.trim() })}>
            Register
          </Button>
        }
      >
        <Select label="Outlet" required data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} />
        <TextInput label="Name" description="Which tablet, e.g. Front door tablet" required maxLength={80} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </MintModal>
      <RevokeConfirm revoking={revoking} onClose={() => setRevoking(null)} revoke={revoke}>
        The tablet stops working at once.
      </RevokeConfirm>
    </Page>
  );
}
