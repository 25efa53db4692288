import { Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { Hours } from './hours';
import { HoursGridEditor } from './hours-grid.editor';
import { useOutlets } from '../../api/shared.queries';

export interface ZoneDraft {
  name: string;
  outletId: string | null;
  readerIds: string[];
  description: string;
  hours: Hours | null;
}

/** The fields of a zone, shared by creating and editing one. */
export function ZoneFields({ draft, onChange }: { draft: ZoneDraft; onChange: (d: ZoneDraft) => void }) {
  const outlets = useOutlets();
  return (
    <Stack gap="sm">
      <TextInput label="Name" required maxLength={120} value={draft.name} onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })} />
      <Select
        label="Outlet"
        placeholder="Every outlet (tenant-wide)"
        clearable
        data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        value={draft.outletId}
        onChange={(outletId) => onChange({ ...draft, outletId })}
      />
      <TagsInput
        label="Reader ids"
        description="The ids the door readers' bridges report (press Enter after each); a reader belongs to one zone"
        required
        value={draft.readerIds}
        onChange={(readerIds) => onChange({ ...draft, readerIds })}
        maxTags={100}
        splitChars={[',', ' ']}
      />
      <Textarea label="Description (optional)" maxLength={1000} autosize value={draft.description} onChange={(e) => onChange({ ...draft, description: e.currentTarget.value })} />
      <HoursGridEditor value={draft.hours} onChange={(hours) => onChange({ ...draft, hours })} />
    </Stack>
  );
}
