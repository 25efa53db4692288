import { Button, CopyButton, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Copies `value` to the clipboard, and says so once it has. `name` is for screen readers when the label alone is not enough. */
export function CopyValueButton({ value, label, name, ...button }: { value: string; label?: string; name?: string } & ButtonProps) {
  const { t } = useTranslation('ui');
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" onClick={copy} aria-label={name} {...button}>
          {copied ? t('copied') : (label ?? t('copy'))}
        </Button>
      )}
    </CopyButton>
  );
}
