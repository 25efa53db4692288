import { Badge, Progress, Stack, Text } from '@mantine/core';
import type { Enrolment } from './training.queries';

/** How far a learner is: lessons done, and whether the course is complete. */
export function ProgressCell({ e }: { e: Enrolment | undefined }) {
  if (!e) return <Text c="dimmed">Not enrolled</Text>;
  if (e.status === 'COMPLETED') {
    return (
      <Badge color="green" variant="light">
        Completed{e.bestScorePct !== null && e.quizAttempts > 0 ? `, ${e.bestScorePct}%` : ''}
      </Badge>
    );
  }
  const pct = e.totalLessons ? Math.round((e.completedLessonIds.length / e.totalLessons) * 100) : 0;
  return (
    <Stack gap={2}>
      <Progress value={pct} aria-label={`${e.completedLessonIds.length} of ${e.totalLessons} lessons done`} />
      <Text size="xs">
        {e.completedLessonIds.length} of {e.totalLessons} lessons{e.quizAttempts ? `, quiz tried ${e.quizAttempts}×` : ''}
      </Text>
    </Stack>
  );
}
