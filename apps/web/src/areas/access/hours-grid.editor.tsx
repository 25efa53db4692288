import { ActionIcon, Box, Button, Group, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DAYS, isOvernight, MAX_WINDOWS_PER_DAY, segmentsByDay, windowProblem, type Day, type Hours, type Window } from './hours';

/**
 * The week grid editor of a zone's opening hours: a track per day with its windows drawn over 24
 * hours (an overnight window drawn on its night and on the next morning), and under each day the
 * windows as time fields, so everything is done by keyboard as well as seen.
 */
export function HoursGridEditor({ value, onChange }: { value: Hours | null; onChange: (hours: Hours | null) => void }) {
  const { t } = useTranslation('access');
  const always = value === null;
  const segments = segmentsByDay(value ?? {});
  const setDay = (day: Day, windows: Window[]) => onChange({ ...(value ?? {}), [day]: windows });
  return (
    <Stack gap="xs">
      <Switch label={t('hours.always')} checked={always} onChange={(e) => onChange(e.currentTarget.checked ? null : {})} />
      {always ? null : (
        <>
          <Hours24Scale />
          {DAYS.map((day) => {
            const windows = value?.[day] ?? [];
            return (
              <Box key={day} data-day={day}>
                <Group gap="xs" wrap="nowrap" align="center">
                  <Text w={92} size="sm" fw={600}>
                    {t(`days.${day}`)}
                  </Text>
                  <Box pos="relative" h={22} style={{ flex: 1, background: 'var(--mantine-color-gray-1)', borderRadius: 4 }} aria-hidden="true">
                    {segments[day].map((s, i) => (
                      <Tooltip key={i} label={t('hours.segment', { day: t(`days.${s.of}`), from: s.window[0], to: s.window[1] })}>
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
                        <TextInput size="xs" w={110} type="time" label={t('hours.opens', { day: t(`days.${day}`), n: i + 1 })} value={w[0]} onChange={(e) => setDay(day, windows.map((x, j) => (j === i ? [e.currentTarget.value, x[1]] : x)))} error={problem ? t(`hours.problem.${problem}`) : undefined} />
                        <TextInput
                          size="xs"
                          w={110}
                          label={t('hours.closes', { day: t(`days.${day}`), n: i + 1 })}
                          placeholder={t('hours.timePlaceholder')}
                          value={w[1]}
                          onChange={(e) => setDay(day, windows.map((x, j) => (j === i ? [x[0], e.currentTarget.value] : x)))}
                        />
                        {isOvernight(w) && !problem ? (
                          <Text size="xs" c="indigo" mt={24}>
                            {t('hours.until', { time: w[1], day: t(`days.${DAYS[(DAYS.indexOf(day) + 1) % 7]!}`) })}
                          </Text>
                        ) : null}
                        <ActionIcon mt={22} variant="subtle" color="red" aria-label={t('hours.remove', { day: t(`days.${day}`), n: i + 1 })} onClick={() => setDay(day, windows.filter((_, j) => j !== i))}>
                          ✕
                        </ActionIcon>
                      </Group>
                    );
                  })}
                  {windows.length < MAX_WINDOWS_PER_DAY ? (
                    <Button size="compact-xs" variant="subtle" w="fit-content" onClick={() => setDay(day, [...windows, ['09:00', '17:00']])} aria-label={t('hours.add', { day: t(`days.${day}`) })}>
                      {t('hours.addButton')}
                    </Button>
                  ) : null}
                </Stack>
              </Box>
            );
          })}
          <Text size="xs" c="dimmed">
            {t('hours.help')}
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
