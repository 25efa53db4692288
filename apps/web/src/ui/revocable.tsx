import { Badge, Button } from '@mantine/core';
import type { ReactNode } from 'react';
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
    { header: 'State', cell: (r) => (r.revokedAt ? <Badge color="red" variant="light">Revoked</Badge> : <Badge color="green" variant="light">Active</Badge>) },
    {
      cell: (r) =>
        r.revokedAt ? null : (
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onRevoke(r)}>
            Revoke
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
  return (
    <ConfirmModal
      opened={revoking !== null}
      onClose={onClose}
      title={`Revoke “${revoking?.name ?? ''}”?`}
      confirmLabel="Revoke"
      pending={revoke.isPending}
      error={revoke.error}
      onConfirm={() => revoke.mutate(revoking!.id, { onSuccess: onClose })}
    >
      {children}
    </ConfirmModal>
  );
}
