import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from './page';

/** The foot of a form in a modal: what the API refused, then Cancel and the form's own button (the children) on the right. */
export function FormActions({ error, onCancel, children }: { error: unknown; onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation('ui');
  return (
    <>
      <ErrorNotice error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
        {children}
      </Group>
    </>
  );
}

/** A form in a modal: its fields (the children), then `FormActions` with the form's own button (`submit`). */
export function FormModal({ opened, onClose, title, size, error, submit, children }: ModalForm & { opened: boolean; submit: ReactNode; children: ReactNode }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <FormBody error={error} onClose={onClose} submit={submit}>
        {children}
      </FormBody>
    </Modal>
  );
}

/**
 * A form over a draft that is null while the modal is closed (editing a zone, an outlet, a posting):
 * its fields and button are drawn from the draft, and nothing is while it closes.
 */
export function DraftModal<T>({ draft, onClose, title, size, error, submit, children }: ModalForm & { draft: T | null; submit: (draft: T) => ReactNode; children: (draft: T) => ReactNode }) {
  return (
    <Modal opened={draft !== null} onClose={onClose} title={title} size={size}>
      {draft === null ? null : (
        <FormBody error={error} onClose={onClose} submit={submit(draft)}>
          {children(draft)}
        </FormBody>
      )}
    </Modal>
  );
}

interface ModalForm {
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  error: unknown;
}

function FormBody({ error, onClose, submit, children }: { error: unknown; onClose: () => void; submit: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm">
      {children}
      <FormActions error={error} onCancel={onClose}>
        {submit}
      </FormActions>
    </Stack>
  );
}
