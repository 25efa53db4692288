import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorNotice } from './page';

/** The foot of a form in a modal: what the API refused, then Cancel and the form's own button (the children) on the right. */
export function FormActions({ error, onCancel, children }: { error: unknown; onCancel: () => void; children: ReactNode }) {
  return (
    <>
      <ErrorNotice error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        {children}
      </Group>
    </>
  );
}

/** A form in a modal: its fields (the children), then `FormActions` with the form's own button (`submit`). */
export function FormModal({
  opened,
  onClose,
  title,
  size,
  error,
  submit,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  error: unknown;
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <Stack gap="sm">
        {children}
        <FormActions error={error} onCancel={onClose}>
          {submit}
        </FormActions>
      </Stack>
    </Modal>
  );
}
