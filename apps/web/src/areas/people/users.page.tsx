import { Badge, Button, Group, Menu, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { humanize } from '../../ui/format';
import { PAGE_SIZE, useRemoveUser, useSetStatus, useUsersPage, type User } from './people.queries';
import { roleLabel } from './roles';
import { UserFormModal } from './user-form.modal';

/** The tenant's people: search, pages of 25, and for HR roles adding, editing, deactivating, removing. */
export function UsersPage() {
  const { t } = useTranslation('people');
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
      title={t('nav.users')}
      actions={
        admin ? (
          <Group gap="xs">
            <Button variant="light" component={Link} to="/people/import">
              {t('importCsv')}
            </Button>
            <Button onClick={() => setEditing('new')}>{t('users.new')}</Button>
          </Group>
        ) : null
      }
    >
      <TextInput
        label={t('users.search')}
        placeholder={t('users.searchHint')}
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          setPage(0);
        }}
        maw={400}
        maxLength={100}
      />
      <DataTable query={{ isPending: users.isPending, error: users.error, data: rows }} error={users.error ?? setStatus.error} loadingLabel={t('users.loading')} empty={<Text c="dimmed">{search ? t('users.noMatch') : t('users.none')}</Text>} minWidth={680} tableProps={{ striped: true, highlightOnHover: true }} columns={[
        { header: t('users.name'), cell: (u) => u.fullName },
        { header: t('users.email'), cell: (u) => (u.email ?? '—') },
        { header: t('users.mobile'), cell: (u) => (u.mobile ?? '—') },
        { header: t('users.role'), cell: (u) => roleLabel(u.role) },
        {
          header: t('users.status'),
          cell: (u) => (
            <Badge variant="light" color={u.status === 'ACTIVE' ? 'green' : 'gray'}>
              {humanize(u.status)}
            </Badge>
          ),
        },
        admin && {
          cell: (u) => (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button size="compact-sm" variant="subtle" aria-label={t('users.actionsFor', { name: u.fullName })}>
                  ···
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setEditing(u)}>{t('edit')}</Menu.Item>
                <Menu.Item
                  onClick={() =>
                    setStatus.mutate(
                      { id: u.id, status: u.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' },
                      { onSuccess: () => notifications.show({ message: u.status === 'ACTIVE' ? t('users.deactivated', { name: u.fullName }) : t('users.reactivated', { name: u.fullName }) }) },
                    )
                  }
                >
                  {u.status === 'ACTIVE' ? t('users.deactivate') : t('users.reactivate')}
                </Menu.Item>
                <Menu.Item color="red" onClick={() => setRemoving(u)}>
                  {t('users.remove')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ),
        },
      ]} />
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          {t('users.previous')}
        </Button>
        <Text size="sm">{t('users.page', { page: page + 1 })}</Text>
        <Button variant="default" size="xs" disabled={!more} onClick={() => setPage((p) => p + 1)}>
          {t('users.next')}
        </Button>
      </Group>
      <UserFormModal opened={editing !== null} user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('users.removeTitle', { name: removing?.fullName ?? '' })}
        confirmLabel={t('users.remove')}
        cancelLabel={t('users.keep')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(removing!.id, {
            onSuccess: () => {
              notifications.show({ message: t('users.removed', { name: removing!.fullName }) });
              setRemoving(null);
            },
          })
        }
      >
        {t('users.removeText')}
      </ConfirmModal>
    </Page>
  );
}
