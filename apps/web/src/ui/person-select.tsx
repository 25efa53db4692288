import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePeople } from '../api/shared.queries';

/**
 * One of the tenant's people, searched by name; as a filter (the default) it may be cleared to mean
 * everyone. `enabled: false` spares the list request for a caller who may not list people.
 */
export function PersonSelect({ value, onChange, label, clearable = true, required = false, enabled = true, w = 220 }: { value: string | null; onChange: (userId: string | null) => void; label?: string; clearable?: boolean; required?: boolean; enabled?: boolean; w?: number }) {
  const { t } = useTranslation('ui');
  const people = usePeople(enabled);
  return (
    <Select
      label={label ?? t('personSelect.person')}
      placeholder={clearable ? t('personSelect.everyone') : t('personSelect.choose')}
      clearable={clearable}
      required={required}
      searchable
      nothingFoundMessage={t('personSelect.nobody')}
      data={[...(people.data?.values() ?? [])].map((u) => ({ value: u.id, label: u.fullName }))}
      value={value}
      onChange={onChange}
      w={w}
    />
  );
}
