import { Badge, Button, Group, Menu, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { PAGE_SIZE, useRemoveUser, useSetStatus, useUsersPage, type User } from './people.queries';
import { roleLabel } from './roles';
import { UserFormModal } from './user-form.modal';

/** The tenant's people: search, pages of 25, and for HR roles adding, editing, deactivating, removing. */
export function UsersPage() {
  const me = useMe();
  const admin = mayCall(me.data, 'postUsers');
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 300);
  const [page, setPage] = useState(0);
  const users = useUsersPage(page, search);
  const setStatus = useSetStatus();
  const remove = useRemoveUser();
  const [editing, setEditing] = useState<User | null | 'new'>(null);
  const [removing, setRemoving] = useState<User | null>(null);
  // One more row than a page is asked for: its presence says there is a next page (the API gives no total).
  const rows = (users.data ?? []).slice(0, PAGE_SIZE);
  const more = (users.data?.length ?? 0) > PAGE_SIZE;
  return (
    <Page
      title="Users"
      actions={
        admin ? (
          <Group gap="xs">
            <Button variant="light" component={Link} to="/people/import">
              Import from CSV
            </Button>
            <Button onClick={() => setEditing('new')}>New user</Button>
          </Group>
        ) : null
      }
    >
      <TextInput
        label="Search"
        placeholder="Name, email, mobile or employee code"
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          setPage(0);
        }}
        maw={400}
        maxLength={100}
      />
      <DataTable query={{ isPending: users.isPending, error: users.error, data: rows }} error={users.error ?? setStatus.error} loadingLabel="Loading users" empty={<Text c="dimmed">{search ? 'Nobody matches.' : 'No users.'}</Text>} minWidth={680} tableProps={{ striped: true, highlightOnHover: true }} columns={[
        { header: 'Name', cell: (u) => u.fullName },
        { header: 'Email', cell: (u) => (u.email ?? '—') },
        { header: 'Mobile', cell: (u) => (u.mobile ?? '—') },
        { header: 'Role', cell: (u) => roleLabel(u.role) },
        {
          header: 'Status',
          cell: (u) => (
            <Badge variant="light" color={u.status === 'ACTIVE' ? 'green' : 'gray'}>
              {roleLabel(u.status)}
            </Badge>
          ),
        },
        admin && {
          cell: (u) => (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button size="compact-sm" variant="subtle" aria-label={`Actions for ${u.fullName}`}>
                  ···
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setEditing(u)}>Edit</Menu.Item>
                <Menu.Item
                  onClick={() =>
                    setStatus.mutate(
                      { id: u.id, status: u.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' },
                      { onSuccess: () => notifications.show({ message: u.status === 'ACTIVE' ? `${u.fullName} deactivated: signed out everywhere, doors closed.` : `${u.fullName} reactivated.` }) },
                    )
                  }
                >
                  {u.status === 'ACTIVE' ? 'Deactivate' : 'Reactivate'}
                </Menu.Item>
                <Menu.Item color="red" onClick={() => setRemoving(u)}>
                  Remove
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ),
        },
      ]} />
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          Previous
        </Button>
        <Text size="sm">Page {page + 1}</Text>
        <Button variant="default" size="xs" disabled={!more} onClick={() => setPage((p) => p + 1)}>
          Next
        </Button>
      </Group>
      <UserFormModal opened={editing !== null} user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.fullName ?? ''}?`}
        confirmLabel="Remove"
        cancelLabel="Keep them"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(removing!.id, {
            onSuccess: () => {
              notifications.show({ message: `${removing!.fullName} removed.` });
              setRemoving(null);
            },
          })
        }
      >
        They are signed out everywhere, their door access ends and they disappear from lists. Their records (shifts, attendance, payslips) are kept.
      </ConfirmModal>
    </Page>
  );
}
