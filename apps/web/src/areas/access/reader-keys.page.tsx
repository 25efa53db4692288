import { Button, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { revocableColumns, RevokeConfirm } from '../../ui/revocable';
import { MintModal, SecretOnce } from '../../ui/secret-once';
import { useMintReaderKey, useReaderKeys, useRevokeReaderKey } from './access.queries';

/** The keys door-reader bridges call the door routes with: shown once when minted, hashed after. */
export function ReaderKeysPage() {
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
    <Page title="Reader keys" actions={<Button onClick={() => setMinting(true)}>New reader key</Button>}>
      <Text size="sm" c="dimmed">
        A bridge at a door sends its key with every heartbeat and tap. Give each bridge its own key, so one can be revoked alone.
      </Text>
      <DataTable query={keys} loadingLabel="Loading reader keys" empty="No reader keys yet." minWidth={560} columns={[
        { header: 'Name', cell: (k) => k.name },
        { header: 'Key', cell: (k) => <code>{k.prefix}…</code> },
        { header: 'Last used', cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never') },
        ...revocableColumns(setRevoking),
      ]} />
      <MintModal opened={minting} onClose={close} title="New reader key" error={mint.error}
        made={mint.data ? <SecretOnce label={`Reader key “${mint.data.name}”`} value={mint.data.key} /> : null}
        submit={
          <Button disabled={!name.trim()} loading={mint.isPending} onClick={() => mint.mutate(name.trim())}>
            Create the key
          </Button>
        }
      >
        <TextInput label="Name" description="Which bridge it is for, e.g. Kitchen back door" required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </MintModal>
      <RevokeConfirm revoking={revoking} onClose={() => setRevoking(null)} revoke={revoke}>
        The bridge using it is refused from its next request; doors it serves stop opening until it has a new key.
      </RevokeConfirm>
    </Page>
  );
}
