import { Button, MultiSelect, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../auth/me';
import { FormModal } from '../../ui/form-actions';
import { useCreateUser, useSetUserOutlets, useUpdateUser, useUserOutlets, type Role, type User } from './people.queries';
import { assignableRoles, roleLabel } from './roles';
import { useOutlets } from '../../api/shared.queries';

interface Draft {
  fullName: string;
  email: string;
  mobile: string;
  role: Role;
  employeeCode: string;
  outletIds: string[];
}

const blank: Draft = { fullName: '', email: '', mobile: '', role: 'STAFF', employeeCode: '', outletIds: [] };

/**
 * Create a user (they are mailed an invite to choose a password) or edit one; the outlets they work
 * at are set with the same form.
 */
export function UserFormModal({ opened, user, onClose }: { opened: boolean; user: User | null; onClose: () => void }) {
  const { t } = useTranslation('people');
  const me = useMe();
  const outlets = useOutlets();
  const current = useUserOutlets(opened && user ? user.id : null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const setOutlets = useSetUserOutlets();
  const [draft, setDraft] = useState<Draft>(blank);
  useEffect(() => {
    if (!opened) return;
    setDraft(user ? { fullName: user.fullName, email: user.email ?? '', mobile: user.mobile ?? '', role: user.role, employeeCode: user.employeeCode ?? '', outletIds: [] } : blank);
  }, [opened, user]);
  // The outlets arrive after the form opens: they fill in their field only, never what was typed.
  useEffect(() => {
    if (opened && user && current.data) setDraft((d) => ({ ...d, outletIds: current.data.outletIds }));
  }, [opened, user, current.data]);
  const close = () => {
    create.reset();
    update.reset();
    setOutlets.reset();
    onClose();
  };
  const roles = assignableRoles(me.data?.role);
  const save = async () => {
    const contact = { email: draft.email.trim() || null, mobile: draft.mobile.trim() || null, employeeCode: draft.employeeCode.trim() || null };
    if (user) {
      await update.mutateAsync({ id: user.id, body: { fullName: draft.fullName.trim(), role: draft.role, ...contact } });
      await setOutlets.mutateAsync({ id: user.id, outletIds: draft.outletIds });
      notifications.show({ color: 'green', message: t('users.saved', { name: draft.fullName.trim() }) });
    } else {
      const made = await create.mutateAsync({
        fullName: draft.fullName.trim(),
        role: draft.role,
        ...(contact.email ? { email: contact.email } : {}),
        ...(contact.mobile ? { mobile: contact.mobile } : {}),
        ...(contact.employeeCode ? { employeeCode: contact.employeeCode } : {}),
      });
      if (draft.outletIds.length) await setOutlets.mutateAsync({ id: made.id, outletIds: draft.outletIds });
      notifications.show({ color: 'green', message: made.email ? t('users.addedInvited', { name: made.fullName, email: made.email }) : t('users.added', { name: made.fullName }) });
    }
    close();
  };
  const pending = create.isPending || update.isPending || setOutlets.isPending;
  return (
    <FormModal opened={opened} onClose={close} title={user ? t('users.editTitle', { name: user.fullName }) : t('users.new')} error={create.error ?? update.error ?? setOutlets.error}
      submit={
        <Button loading={pending} disabled={!draft.fullName.trim() || (!draft.email.trim() && !draft.mobile.trim())} onClick={() => void save().catch(() => undefined)}>
          {user ? t('save') : t('users.add')}
        </Button>
      }
    >
      <TextInput label={t('users.fullName')} required maxLength={120} value={draft.fullName} onChange={(e) => setDraft({ ...draft, fullName: e.currentTarget.value })} />
      <TextInput label={t('users.email')} type="email" value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })} />
      <TextInput label={t('users.mobile')} type="tel" value={draft.mobile} onChange={(e) => setDraft({ ...draft, mobile: e.currentTarget.value })} />
      <Text size="xs" c="dimmed">
        {t('users.contactHelp')}
      </Text>
      <Select label={t('users.role')} required allowDeselect={false} data={roles.map((r) => ({ value: r, label: roleLabel(r) }))} value={draft.role} onChange={(r) => r && setDraft({ ...draft, role: r as Role })} />
      <TextInput label={t('users.employeeCode')} value={draft.employeeCode} onChange={(e) => setDraft({ ...draft, employeeCode: e.currentTarget.value })} />
      <MultiSelect label={t('nav.outlets')} searchable disabled={user !== null && !current.data} data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={draft.outletIds} onChange={(outletIds) => setDraft({ ...draft, outletIds })} />
    </FormModal>
  );
}
