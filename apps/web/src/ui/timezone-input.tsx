import { TextInput } from '@mantine/core';
import { useId } from 'react';

/** An IANA timezone typed with the browser's list of them as suggestions. */
export function TimezoneInput({ label, description, required, value, onChange }: { label: string; description: string; required?: boolean; value: string; onChange: (value: string) => void }) {
  const list = useId();
  return (
    <>
      <TextInput label={label} description={description} required={required ?? false} list={list} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      <datalist id={list}>
        {Intl.supportedValuesOf('timeZone').map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
    </>
  );
}
