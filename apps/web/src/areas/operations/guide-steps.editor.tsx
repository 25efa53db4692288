import { ActionIcon, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface StepDraft {
  key: number;
  instruction: string;
  caution: string;
}

/** The API's limit (troubleshooting.schemas MAX_STEPS). */
const MAX_STEPS = 20;

let nextKey = 1;
export const newStep = (instruction = '', caution = ''): StepDraft => ({ key: nextKey++, instruction, caution });

/** The ordered steps of a guide: each an instruction and an optional safety note, moved up or removed in place. */
export function GuideStepsEditor({ steps, onChange }: { steps: StepDraft[]; onChange: (steps: StepDraft[]) => void }) {
  const { t } = useTranslation('operations');
  const set = (key: number, patch: Partial<StepDraft>) => onChange(steps.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  const moveUp = (i: number) => onChange([...steps.slice(0, i - 1), steps[i]!, steps[i - 1]!, ...steps.slice(i + 1)]);
  return (
    <Stack gap="xs">
      {steps.map((s, i) => (
        <Card withBorder key={s.key} padding="sm">
          <Group justify="space-between" mb={4}>
            <Text fw={600}>{t('steps.step', { n: i + 1 })}</Text>
            <Group gap={4}>
              {i > 0 ? (
                <ActionIcon variant="subtle" aria-label={t('steps.moveUp', { n: i + 1 })} onClick={() => moveUp(i)}>
                  ↑
                </ActionIcon>
              ) : null}
              {steps.length > 1 ? (
                <ActionIcon variant="subtle" color="red" aria-label={t('steps.remove', { n: i + 1 })} onClick={() => onChange(steps.filter((x) => x.key !== s.key))}>
                  ✕
                </ActionIcon>
              ) : null}
            </Group>
          </Group>
          <Textarea label={t('steps.instruction', { n: i + 1 })} required maxLength={1000} autosize minRows={2} value={s.instruction} onChange={(e) => set(s.key, { instruction: e.currentTarget.value })} />
          <TextInput label={t('steps.caution', { n: i + 1 })} description={t('steps.cautionHelp')} maxLength={500} mt="xs" value={s.caution} onChange={(e) => set(s.key, { caution: e.currentTarget.value })} />
        </Card>
      ))}
      <Button variant="light" w="fit-content" disabled={steps.length >= MAX_STEPS} onClick={() => onChange([...steps, newStep()])}>
        {t('steps.add')}
      </Button>
    </Stack>
  );
}
