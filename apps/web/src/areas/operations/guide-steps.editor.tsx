import { ActionIcon, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';

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
  const set = (key: number, patch: Partial<StepDraft>) => onChange(steps.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  const moveUp = (i: number) => onChange([...steps.slice(0, i - 1), steps[i]!, steps[i - 1]!, ...steps.slice(i + 1)]);
  return (
    <Stack gap="xs">
      {steps.map((s, i) => (
        <Card withBorder key={s.key} padding="sm">
          <Group justify="space-between" mb={4}>
            <Text fw={600}>Step {i + 1}</Text>
            <Group gap={4}>
              {i > 0 ? (
                <ActionIcon variant="subtle" aria-label={`Move step ${i + 1} up`} onClick={() => moveUp(i)}>
                  ↑
                </ActionIcon>
              ) : null}
              {steps.length > 1 ? (
                <ActionIcon variant="subtle" color="red" aria-label={`Remove step ${i + 1}`} onClick={() => onChange(steps.filter((x) => x.key !== s.key))}>
                  ✕
                </ActionIcon>
              ) : null}
            </Group>
          </Group>
          <Textarea label={`Step ${i + 1} instruction`} required maxLength={1000} autosize minRows={2} value={s.instruction} onChange={(e) => set(s.key, { instruction: e.currentTarget.value })} />
          <TextInput label={`Step ${i + 1} caution (optional)`} description="A safety note shown with the step" maxLength={500} mt="xs" value={s.caution} onChange={(e) => set(s.key, { caution: e.currentTarget.value })} />
        </Card>
      ))}
      <Button variant="light" w="fit-content" disabled={steps.length >= MAX_STEPS} onClick={() => onChange([...steps, newStep()])}>
        Add a step
      </Button>
    </Stack>
  );
}
