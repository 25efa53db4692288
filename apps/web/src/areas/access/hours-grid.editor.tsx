import { ActionIcon, Box, Button, Group, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { DAY_NAMES, DAYS, isOvernight, MAX_WINDOWS_PER_DAY, segmentsByDay, windowProblem, type Day, type Hours, type Window } from './hours';

/**
 * The week grid editor of a zone's opening hours: a track per day with its windows drawn over 24
 * hours (an overnight window drawn on its night and on the next morning), and under each day the
 * windows as time fields, so everything is done by keyboard as well as seen.
 */
export function HoursGridEditor({ value, onChange }: { value: Hours | null; onChange: (hours: Hours | null) => void }) {
  const always = value === null;
  const segments = segmentsByDay(value ?? {});
  const setDay = (day: Day, windows: Window[]) => onChange({ ...(value ?? {}), [day]: windows });
  return (
    <Stack gap="xs">
      <Switch label="Open 24/7" checked={always} onChange={(e) => onChange(e.currentTarget.checked ? null : {})} />
      {always ? null : (
        <>
          <Hours24Scale />
          {DAYS.map((day) => {
            const windows = value?.[day] ?? [];
            return (
              <Box key={day} data-day={day}>
                <Group gap="xs" wrap="nowrap" align="center">
                  <Text w={92} size="sm" fw={600}>
                    {DAY_NAMES[day]}
                  </Text>
                  <Box pos="relative" h={22} style={{ flex: 1, background: 'var(--mantine-color-gray-1)', borderRadius: 4 }} aria-hidden="true">
                    {segments[day].map((s, i) => (
                      <Tooltip key={i} label={`${DAY_NAMES[s.of]} ${s.window[0]}–${s.window[1]}`}>
                        <Box
                          data-segment={`${s.from}-${s.to}`}
                          data-carried={s.carried || undefined}
                          pos="absolute"
                          top={3}
                          h={16}
                          style={{ left: `${(s.from / 1440) * 100}%`, width: `${((s.to - s.from) / 1440) * 100}%`, borderRadius: 3, background: s.carried ? 'var(--mantine-color-indigo-4)' : 'var(--mantine-color-blue-6)' }}
                        />
                      </Tooltip>
                    ))}
                  </Box>
                </Group>
                <Stack gap={4} ml={100} mt={4}>
                  {windows.map((w, i) => {
                    const problem = windowProblem(w);
                    return (
                      <Group key={i} gap="xs" align="flex-start" wrap="wrap">
                        <TextInput size="xs" w={110} type="time" label={`${DAY_NAMES[day]} window ${i + 1} opens`} value={w[0]} onChange={(e) => setDay(day, windows.map((x, j) => (j === i ? [e.currentTarget.value, x[1]] : x)))} error={problem ?? undefined} />
                        <TextInput
                          size="xs"
                          w={110}
                          label={`${DAY_NAMES[day]} window ${i + 1} closes`}
                          placeholder="HH:MM"
                          value={w[1]}
                          onChange={(e) => setDay(day, windows.map((x, j) => (j === i ? [x[0], e.currentTarget.value] : x)))}
                        />
                        {isOvernight(w) && !problem ? (
                          <Text size="xs" c="indigo" mt={24}>
                            until {w[1]} on {DAY_NAMES[DAYS[(DAYS.indexOf(day) + 1) % 7]!]}
                          </Text>
                        ) : null}
                        <ActionIcon mt={22} variant="subtle" color="red" aria-label={`Remove ${DAY_NAMES[day]} window ${i + 1}`} onClick={() => setDay(day, windows.filter((_, j) => j !== i))}>
                          ✕
                        </ActionIcon>
                      </Group>
                    );
                  })}
                  {windows.length < MAX_WINDOWS_PER_DAY ? (
                    <Button size="compact-xs" variant="subtle" w="fit-content" onClick={() => setDay(day, [...windows, ['09:00', '17:00']])} aria-label={`Add a window on ${DAY_NAMES[day]}`}>
                      + window
                    </Button>
                  ) : null}
                </Stack>
              </Box>
            );
          })}
          <Text size="xs" c="dimmed">
            Times are the company's timezone. A window that closes before it opens (22:00 → 06:00) runs overnight into the next morning; 24:00 closes at midnight. A day without windows is closed.
          </Text>
        </>
      )}
    </Stack>
  );
}

function Hours24Scale() {
  return (
    <Group gap="xs" wrap="nowrap" aria-hidden="true">
      <Box w={92} />
      <Group justify="space-between" style={{ flex: 1 }}>
        {['00', '06', '12', '18', '24'].map((h) => (
          <Text key={h} size="xs" c="dimmed">
            {h}
          </Text>
        ))}
      </Group>
    </Group>
  );
}
