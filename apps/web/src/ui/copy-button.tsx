import { Button, CopyButton, type ButtonProps } from '@mantine/core';

/** Copies `value` to the clipboard, and says so once it has. `name` is for screen readers when the label alone is not enough. */
export function CopyValueButton({ value, label = 'Copy', name, ...button }: { value: string; label?: string; name?: string } & ButtonProps) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" onClick={copy} aria-label={name} {...button}>
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}
