import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from './page';

/** Asks before an action that cannot be undone (revoke, delete, approve): what follows from it, then two buttons. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  destructive = true,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for what destroys or revokes; an action that only moves something on keeps the theme's colour. */
  destructive?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('ui');
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Text size="sm">{children}</Text>
      <ErrorNotice error={error} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {cancelLabel ?? t('keepIt')}
        </Button>
        <Button color={destructive ? 'red' : undefined} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
