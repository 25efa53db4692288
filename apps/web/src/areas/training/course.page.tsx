import { Alert, Anchor, Badge, Button, Card, Group, Loader, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePeople } from '../../api/shared.queries';
import { mayCall, useMe } from '../../auth/me';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { DataTable } from '../../ui/data-table';
import { ProgressCell } from './progress-cell';
import { useCompleteLesson, useCourse, useCourseEnrolments, useEnrol, useMyEnrolments, useQuizAttempt, type Course, type Enrolment } from './training.queries';

/** One course: its lessons and quiz to take (for the enrolled), and who is enrolled and how far (for course managers). */
export function CoursePage() {
  const { t } = useTranslation('training');
  const { id = '' } = useParams();
  const me = useMe();
  const admin = mayCall(me.data, 'getCoursesByIdEnrolments');
  const course = useCourse(id);
  const mine = useMyEnrolments();
  const enrolment = mine.data?.find((e) => e.courseId === id);
  return (
    <Page title={course.data?.title ?? t('course.title')}>
      <Anchor component={Link} to="/training" size="sm">
        {t('course.allCourses')}
      </Anchor>
      <ErrorNotice error={course.error ?? mine.error} />
      {course.isPending ? (
        <Loader aria-label={t('course.loading')} />
      ) : course.data ? (
        <Stack gap="lg">
          {course.data.description ? <Text>{course.data.description}</Text> : null}
          <Lessons course={course.data} enrolment={enrolment} />
          {course.data.quiz ? <Quiz course={course.data} enrolment={enrolment} admin={admin} /> : null}
          {admin ? <Enrolments course={course.data} /> : null}
        </Stack>
      ) : null}
    </Page>
  );
}

function Lessons({ course, enrolment }: { course: Course; enrolment: Enrolment | undefined }) {
  const { t } = useTranslation('training');
  const complete = useCompleteLesson();
  const done = new Set(enrolment?.completedLessonIds ?? []);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('course.lessons')}
      </Title>
      <ErrorNotice error={complete.error} />
      {course.lessons.map((l) => (
        <Card withBorder key={l.id}>
          <Group justify="space-between" align="flex-start">
            <Title order={3} size="h5">
              {t('course.lessonHeading', { position: l.position, title: l.title })}
            </Title>
            {enrolment ? (
              done.has(l.id) ? (
                <Badge color="green" variant="light">
                  {t('course.done')}
                </Badge>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={t('course.markDoneOf', { title: l.title })}
                  loading={complete.isPending && complete.variables?.lessonId === l.id}
                  onClick={() =>
                    complete.mutate(
                      { id: course.id, lessonId: l.id },
                      { onSuccess: (e) => e.status === 'COMPLETED' && enrolment.status !== 'COMPLETED' && notifications.show({ color: 'green', message: t('course.completed') }) },
                    )
                  }
                >
                  {t('course.markDone')}
                </Button>
              )
            ) : null}
          </Group>
          {l.body ? (
            <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {l.body}
            </Text>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}

function Quiz({ course, enrolment, admin }: { course: Course; enrolment: Enrolment | undefined; admin: boolean }) {
  const { t } = useTranslation('training');
  const attempt = useQuizAttempt();
  const quiz = course.quiz!;
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const complete = quiz.questions.every((q) => answers[q.id] !== undefined);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('course.quiz')}
      </Title>
      <Text size="sm" c="dimmed">
        {enrolment?.quizAttempts
          ? t('course.passMarkWithAttempts', { pct: quiz.passPct, attempts: enrolment.quizAttempts, best: enrolment.bestScorePct ?? 0 })
          : t('course.passMark', { pct: quiz.passPct })}
      </Text>
      {quiz.questions.map((q, i) => (
        <Radio.Group key={q.id} label={t('course.questionHeading', { position: i + 1, text: q.text })} value={answers[q.id] ?? null} onChange={(v) => setAnswers((a) => ({ ...a, [q.id]: v }))}>
          <Stack gap={4} mt={4}>
            {q.options.map((o, j) => (
              <Radio key={j} value={String(j)} disabled={!enrolment} label={admin && q.answerIndex === j ? t('course.rightAnswer', { option: o }) : o} />
            ))}
          </Stack>
        </Radio.Group>
      ))}
      {attempt.data ? (
        <Alert color={attempt.data.passed ? 'green' : 'orange'} role="status" title={attempt.data.passed ? t('course.passed') : t('course.notPassed')}>
          {t('course.scored', { pct: attempt.data.scorePct, attempt: attempt.data.attempts })}
        </Alert>
      ) : null}
      <ErrorNotice error={attempt.error} />
      {enrolment ? (
        <Button
          w="fit-content"
          disabled={!complete}
          loading={attempt.isPending}
          onClick={() => attempt.mutate({ id: course.id, answers: quiz.questions.map((q) => Number(answers[q.id])) })}
        >
          {t('course.submitAnswers')}
        </Button>
      ) : null}
    </Stack>
  );
}

function Enrolments({ course }: { course: Course }) {
  const { t } = useTranslation('training');
  const enrolments = useCourseEnrolments(course.id);
  const people = usePeople();
  const enrol = useEnrol();
  const [userId, setUserId] = useState<string | null>(null);
  const enrolled = new Set((enrolments.data ?? []).map((e) => e.userId));
  const candidates = [...(people.data?.values() ?? [])].filter((u) => !enrolled.has(u.id) && u.status === 'ACTIVE').map((u) => ({ value: u.id, label: u.fullName }));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('course.enrolled')}
      </Title>
      <Group align="flex-end">
        <Select label={t('course.personToEnrol')} searchable data={candidates} value={userId} onChange={setUserId} w={280} />
        <Button
          disabled={!userId}
          loading={enrol.isPending}
          onClick={() => enrol.mutate({ id: course.id, userId: userId! }, { onSuccess: () => { setUserId(null); notifications.show({ color: 'green', message: t('course.enrolledNotice') }); } })}
        >
          {t('course.enrol')}
        </Button>
      </Group>
      <DataTable query={enrolments} error={enrolments.error ?? enrol.error} loadingLabel={t('course.loadingEnrolments')} empty={t('course.noEnrolments')} minWidth={520} columns={[
        { header: t('course.person'), cell: (e) => people.data?.get(e.userId)?.fullName ?? t('course.someone') },
        { header: t('course.progress'), cell: (e) => <ProgressCell e={e} /> },
        { header: t('course.completedAt'), cell: (e) => formatDateTime(e.completedAt) },
      ]} />
    </Stack>
  );
}
