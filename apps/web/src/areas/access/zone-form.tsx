import { Button, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DraftModal } from '../../ui/form-actions';
import { windowProblem, DAYS, type Hours } from './hours';
import { HoursGridEditor } from './hours-grid.editor';
import { useOutlets } from '../../api/shared.queries';

export interface ZoneDraft {
  name: string;
  outletId: string | null;
  readerIds: string[];
  description: string;
  hours: Hours | null;
}

/** A zone the API would take: named, bound to a reader, and every window of its hours well formed. */
function ready(d: ZoneDraft): boolean {
  return d.name.trim() !== '' && d.readerIds.length > 0 && (d.hours === null || DAYS.every((day) => (d.hours![day] ?? []).every((w) => windowProblem(w) === null)));
}

/** The zone form in its modal, for a new zone and for editing one; `label` names its button. */
export function ZoneModal({ draft, onChange, onClose, title, label, save }: { draft: ZoneDraft | null; onChange: (d: ZoneDraft) => void; onClose: () => void; title: string; label: string; save: { isPending: boolean; error: unknown; run: () => void } }) {
  return (
    <DraftModal draft={draft} onClose={onClose} title={title} size="xl" error={save.error} submit={(d) => (
      <Button onClick={save.run} loading={save.isPending} disabled={!ready(d)}>
        {label}
      </Button>
    )}>
      {(d) => <ZoneFields draft={d} onChange={onChange} />}
    </DraftModal>
  );
}

/** The fields of a zone, shared by creating and editing one. */
export function ZoneFields({ draft, onChange }: { draft: ZoneDraft; onChange: (d: ZoneDraft) => void }) {
  const { t } = useTranslation('access');
  const outlets = useOutlets();
  return (
    <Stack gap="sm">
      <TextInput label={t('common.name')} required maxLength={120} value={draft.name} onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })} />
      <Select
        label={t('common.outlet')}
        placeholder={t('zoneForm.everyOutlet')}
        clearable
        data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        value={draft.outletId}
        onChange={(outletId) => onChange({ ...draft, outletId })}
      />
      <TagsInput
        label={t('zoneForm.readerIds')}
        description={t('zoneForm.readerIdsHelp')}
        required
        value={draft.readerIds}
        onChange={(readerIds) => onChange({ ...draft, readerIds })}
        maxTags={100}
        splitChars={[',', ' ']}
      />
      <Textarea label={t('zoneForm.description')} maxLength={1000} autosize value={draft.description} onChange={(e) => onChange({ ...draft, description: e.currentTarget.value })} />
      <HoursGridEditor value={draft.hours} onChange={(hours) => onChange({ ...draft, hours })} />
    </Stack>
  );
}
