import { Anchor, Button, Group, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { DraftModal } from '../../ui/form-actions';
import { humanize } from '../../ui/format';
import { useLastShown } from '../../ui/last-shown';
import { Page } from '../../ui/page';
import { useCreateVendor, useDeleteVendor, useUpdateVendor, useVendors, type Vendor } from './operations.queries';

const KINDS: Array<Vendor['kind']> = ['MAINTAINER', 'SUPPLIER', 'BOTH'];
const CONTACTS = ['contactName', 'email', 'phone', 'website', 'notes'] as const;
type Draft = { id: string | null; name: string; kind: Vendor['kind'] } & Record<(typeof CONTACTS)[number], string>;
const LABEL: Record<(typeof CONTACTS)[number], string> = { contactName: 'Contact name', email: 'Email', phone: 'Phone', website: 'Website', notes: 'Notes' };

function draftOf(v: Vendor): Draft {
  return { id: v.id, name: v.name, kind: v.kind, contactName: v.contactName ?? '', email: v.email ?? '', phone: v.phone ?? '', website: v.website ?? '', notes: v.notes ?? '' };
}

/** Who supplies and maintains the assets, with their contacts; deleting one leaves its assets without a vendor. */
export function VendorsPage() {
  const me = useMe();
  const admin = mayCall(me.data, 'postVendors');
  const vendors = useVendors();
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const remove = useDeleteVendor();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const shown = useLastShown(deleting);
  const close = () => {
    create.reset();
    update.reset();
    setEditing(null);
  };
  const closeDelete = () => {
    remove.reset();
    setDeleting(null);
  };
  const save = (d: Draft) => {
    const contacts = Object.fromEntries(CONTACTS.map((k) => [k, d[k].trim() || null])) as Record<(typeof CONTACTS)[number], string | null>;
    if (d.id) update.mutate({ id: d.id, body: { name: d.name.trim(), kind: d.kind, ...contacts } }, { onSuccess: close });
    else create.mutate({ name: d.name.trim(), kind: d.kind, ...Object.fromEntries(Object.entries(contacts).filter(([, v]) => v !== null)) }, { onSuccess: close });
  };
  return (
    <Page title="Vendors" actions={
      admin ? (
        <Group gap="xs">
          <Button variant="light" component={Link} to="/operations/vendors/import">
            Import from CSV
          </Button>
          <Button onClick={() => setEditing({ id: null, name: '', kind: 'MAINTAINER', contactName: '', email: '', phone: '', website: '', notes: '' })}>New vendor</Button>
        </Group>
      ) : null
    }>
      <DataTable query={vendors} loadingLabel="Loading vendors" empty="No vendors yet." minWidth={640} columns={[
        {
          header: 'Vendor',
          cell: (v) => (
            <>
              {v.name}
              {v.website ? (
                <Text size="xs">
                  <Anchor href={v.website} target="_blank" rel="noreferrer">
                    {v.website}
                  </Anchor>
                </Text>
              ) : null}
            </>
          ),
        },
        { header: 'Kind', cell: (v) => humanize(v.kind) },
        { header: 'Contact', cell: (v) => [v.contactName, v.email, v.phone].filter(Boolean).join(' · ') || '—' },
        { header: 'Assets', cell: (v) => v.assetCount },
        admin && {
          cell: (v) => (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="subtle" aria-label={`Edit ${v.name}`} onClick={() => setEditing(draftOf(v))}>
                Edit
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" aria-label={`Delete ${v.name}`} onClick={() => setDeleting(v)}>
                Delete
              </Button>
            </Group>
          ),
        },
      ]} />
      <DraftModal draft={editing} onClose={close} title={editing?.id ? 'Edit vendor' : 'New vendor'} error={create.error ?? update.error} submit={(d) => (
        <Button loading={create.isPending || update.isPending} disabled={!d.name.trim()} onClick={() => save(d)}>
          Save
        </Button>
      )}>
        {(d) => (
          <>
            <TextInput label="Name" required maxLength={200} value={d.name} onChange={(e) => setEditing({ ...d, name: e.currentTarget.value })} />
            <Select label="Kind" allowDeselect={false} data={KINDS.map((k) => ({ value: k, label: humanize(k) }))} value={d.kind} onChange={(k) => k && setEditing({ ...d, kind: k as Vendor['kind'] })} />
            {CONTACTS.map((k) =>
              k === 'notes' ? (
                <Textarea key={k} label={LABEL[k]} maxLength={2000} autosize minRows={2} value={d[k]} onChange={(e) => setEditing({ ...d, [k]: e.currentTarget.value })} />
              ) : (
                <TextInput key={k} label={LABEL[k]} maxLength={k === 'website' ? 500 : 254} value={d[k]} onChange={(e) => setEditing({ ...d, [k]: e.currentTarget.value })} />
              ),
            )}
          </>
        )}
      </DraftModal>
      <ConfirmModal opened={deleting !== null} title={`Delete ${shown?.name ?? 'vendor'}?`} confirmLabel="Delete" pending={remove.isPending} error={remove.error} onClose={closeDelete} onConfirm={() => remove.mutate(deleting!.id, { onSuccess: closeDelete })}>
        Its assets stay in the register, without a vendor.
      </ConfirmModal>
    </Page>
  );
}
