import { Badge, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Enrolment } from './training.queries';

/** How far a learner is: lessons done, and whether the course is complete. */
export function ProgressCell({ e }: { e: Enrolment | undefined }) {
  const { t } = useTranslation('training');
  if (!e) return <Text c="dimmed">{t('progress.notEnrolled')}</Text>;
  if (e.status === 'COMPLETED') {
    return (
      <Badge color="green" variant="light">
        {e.bestScorePct !== null && e.quizAttempts > 0 ? t('progress.completedWithScore', { pct: e.bestScorePct }) : t('progress.completed')}
      </Badge>
    );
  }
  const pct = e.totalLessons ? Math.round((e.completedLessonIds.length / e.totalLessons) * 100) : 0;
  const lessons = { done: e.completedLessonIds.length, count: e.totalLessons };
  return (
    <Stack gap={2}>
      <Progress value={pct} aria-label={t('progress.lessonsDone', lessons)} />
      <Text size="xs">{e.quizAttempts ? t('progress.lessonsWithQuiz', { ...lessons, attempts: e.quizAttempts }) : t('progress.lessons', lessons)}</Text>
    </Stack>
  );
}
