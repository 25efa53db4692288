import { Alert, Anchor, Badge, Button, Card, Group, Loader, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
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
  const { id = '' } = useParams();
  const me = useMe();
  const admin = mayCall(me.data, 'getCoursesByIdEnrolments');
  const course = useCourse(id);
  const mine = useMyEnrolments();
  const enrolment = mine.data?.find((e) => e.courseId === id);
  return (
    <Page title={course.data?.title ?? 'Course'}>
      <Anchor component={Link} to="/training" size="sm">
        ← All courses
      </Anchor>
      <ErrorNotice error={course.error ?? mine.error} />
      {course.isPending ? (
        <Loader aria-label="Loading the course" />
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
  const complete = useCompleteLesson();
  const done = new Set(enrolment?.completedLessonIds ?? []);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Lessons
      </Title>
      <ErrorNotice error={complete.error} />
      {course.lessons.map((l) => (
        <Card withBorder key={l.id}>
          <Group justify="space-between" align="flex-start">
            <Title order={3} size="h5">
              {l.position}. {l.title}
            </Title>
            {enrolment ? (
              done.has(l.id) ? (
                <Badge color="green" variant="light">
                  Done
                </Badge>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`Mark ${l.title} as done`}
                  loading={complete.isPending && complete.variables?.lessonId === l.id}
                  onClick={() =>
                    complete.mutate(
                      { id: course.id, lessonId: l.id },
                      { onSuccess: (e) => e.status === 'COMPLETED' && enrolment.status !== 'COMPLETED' && notifications.show({ color: 'green', message: 'Course completed.' }) },
                    )
                  }
                >
                  Mark as done
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
  const attempt = useQuizAttempt();
  const quiz = course.quiz!;
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const complete = quiz.questions.every((q) => answers[q.id] !== undefined);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Quiz
      </Title>
      <Text size="sm" c="dimmed">
        Pass mark {quiz.passPct}%.{enrolment?.quizAttempts ? ` Your attempts: ${enrolment.quizAttempts}, best ${enrolment.bestScorePct ?? 0}%.` : ''}
      </Text>
      {quiz.questions.map((q, i) => (
        <Radio.Group key={q.id} label={`${i + 1}. ${q.text}`} value={answers[q.id] ?? null} onChange={(v) => setAnswers((a) => ({ ...a, [q.id]: v }))}>
          <Stack gap={4} mt={4}>
            {q.options.map((o, j) => (
              <Radio key={j} value={String(j)} disabled={!enrolment} label={admin && q.answerIndex === j ? `${o} (right answer)` : o} />
            ))}
          </Stack>
        </Radio.Group>
      ))}
      {attempt.data ? (
        <Alert color={attempt.data.passed ? 'green' : 'orange'} role="status" title={attempt.data.passed ? 'Passed' : 'Not passed yet'}>
          You scored {attempt.data.scorePct}% (attempt {attempt.data.attempts}).
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
          Submit my answers
        </Button>
      ) : null}
    </Stack>
  );
}

function Enrolments({ course }: { course: Course }) {
  const enrolments = useCourseEnrolments(course.id);
  const people = usePeople();
  const enrol = useEnrol();
  const [userId, setUserId] = useState<string | null>(null);
  const enrolled = new Set((enrolments.data ?? []).map((e) => e.userId));
  const candidates = [...(people.data?.values() ?? [])].filter((u) => !enrolled.has(u.id) && u.status === 'ACTIVE').map((u) => ({ value: u.id, label: u.fullName }));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Enrolled
      </Title>
      <Group align="flex-end">
        <Select label="Person to enrol" searchable data={candidates} value={userId} onChange={setUserId} w={280} />
        <Button
          disabled={!userId}
          loading={enrol.isPending}
          onClick={() => enrol.mutate({ id: course.id, userId: userId! }, { onSuccess: () => { setUserId(null); notifications.show({ color: 'green', message: 'Enrolled.' }); } })}
        >
          Enrol
        </Button>
      </Group>
      <DataTable query={enrolments} error={enrolments.error ?? enrol.error} loadingLabel="Loading the enrolments" empty="Nobody is enrolled yet." minWidth={520} columns={[
        { header: 'Person', cell: (e) => people.data?.get(e.userId)?.fullName ?? 'Someone' },
        { header: 'Progress', cell: (e) => <ProgressCell e={e} /> },
        { header: 'Completed', cell: (e) => formatDateTime(e.completedAt) },
      ]} />
    </Stack>
  );
}
