import { Badge, Button } from '@mantine/core';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from './confirm.modal';
import type { Column } from './data-table';

interface Revocable {
  id: string;
  name: string;
  revokedAt?: string | null;
}

/**
 * The two last columns of a list of secrets (API keys, OAuth clients, reader keys, kiosks): whether it
 * still works, and the button that asks to revoke it.
 */
export function revocableColumns(onRevoke: (row: Revocable) => void): Column<Revocable>[] {
  return [
    { header: i18next.t('ui:revocable.state'), cell: (r) => (r.revokedAt ? <Badge color="red" variant="light">{i18next.t('ui:revocable.revoked')}</Badge> : <Badge color="green" variant="light">{i18next.t('ui:revocable.active')}</Badge>) },
    {
      cell: (r) =>
        r.revokedAt ? null : (
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onRevoke(r)}>
            {i18next.t('ui:revocable.revoke')}
          </Button>
        ),
    },
  ];
}

/** Asks before revoking the secret a list's Revoke button picked; the children say what stops working. */
export function RevokeConfirm({
  revoking,
  onClose,
  revoke,
  children,
}: {
  revoking: Revocable | null;
  onClose: () => void;
  revoke: { isPending: boolean; error: unknown; mutate: (id: string, options: { onSuccess: () => void }) => void };
  children: ReactNode;
}) {
  const { t } = useTranslation('ui');
  return (
    <ConfirmModal
      opened={revoking !== null}
      onClose={onClose}
      title={t('revocable.confirmTitle', { name: revoking?.name ?? '' })}
      confirmLabel={t('revocable.revoke')}
      pending={revoke.isPending}
      error={revoke.error}
      onConfirm={() => revoke.mutate(revoking!.id, { onSuccess: onClose })}
    >
      {children}
    </ConfirmModal>
  );
}
