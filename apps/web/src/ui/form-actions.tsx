import { Button, Group } from '@mantine/core';
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
