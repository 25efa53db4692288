import { ActionIcon, Anchor, Button, Card, Group, NumberInput, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { DataTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { ProgressCell } from './progress-cell';
import { useCourses, useCreateCourse, useMyEnrolments } from './training.queries';

/** Courses: managers see every course and build new ones; learners the ones they are enrolled in, with their progress. */
export function CoursesPage() {
  const { t } = useTranslation('training');
  const me = useMe();
  const admin = mayCall(me.data, 'postCourses');
  const courses = useCourses();
  const mine = useMyEnrolments();
  const progress = new Map((mine.data ?? []).map((e) => [e.courseId, e]));
  return (
    <Page
      title={admin ? t('courses.title') : t('courses.myTraining')}
      actions={
        admin ? (
          <Button component={Link} to="/training/new">
            {t('courses.new')}
          </Button>
        ) : null
      }
    >
      <DataTable query={courses} error={courses.error ?? mine.error} loadingLabel={t('courses.loading')} empty={<Text c="dimmed">{admin ? t('courses.empty') : t('courses.notEnrolled')}</Text>} minWidth={560} columns={[
        {
          header: t('courses.course'),
          cell: (c) => (
            <>
              <Anchor component={Link} to={`/training/${c.id}`}>
                {c.title}
              </Anchor>
              {c.description ? (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {c.description}
                </Text>
              ) : null}
            </>
          ),
        },
        { header: t('courses.lessons'), cell: (c) => c.lessons.length },
        { header: t('courses.quiz'), cell: (c) => <>{c.quiz ? t('courses.quizSummary', { count: c.quiz.questions.length, pct: c.quiz.passPct }) : t('courses.noQuiz')}</> },
        { header: admin ? t('courses.myProgress') : t('courses.progress'), cell: (c) => <ProgressCell e={progress.get(c.id)} /> },
      ]} />
    </Page>
  );
}

interface LessonDraft {
  key: number;
  title: string;
  body: string;
}
interface QuestionDraft {
  key: number;
  text: string;
  /** One option per line, as people type a list. */
  options: string;
  answer: string | null;
}

const optionLines = (q: QuestionDraft) =>
  q.options
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);

let nextKey = 1;
const newLesson = (): LessonDraft => ({ key: nextKey++, title: '', body: '' });
const newQuestion = (): QuestionDraft => ({ key: nextKey++, text: '', options: '', answer: null });

/** The course builder: ordered lessons, then an optional quiz with its pass mark and the right answer of each question. */
export function NewCoursePage() {
  const { t } = useTranslation('training');
  const create = useCreateCourse();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [lessons, setLessons] = useState<LessonDraft[]>([newLesson()]);
  const [withQuiz, setWithQuiz] = useState(false);
  const [passPct, setPassPct] = useState<number | string>(80);
  const [questions, setQuestions] = useState<QuestionDraft[]>([newQuestion()]);
  const setLesson = (key: number, patch: Partial<LessonDraft>) => setLessons((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const setQuestion = (key: number, patch: Partial<QuestionDraft>) => setQuestions((qs) => qs.map((q) => (q.key === key ? { ...q, ...patch } : q)));
  const quizReady = !withQuiz || (typeof passPct === 'number' && questions.every((q) => q.text.trim() && optionLines(q).length >= 2 && q.answer !== null && Number(q.answer) < optionLines(q).length));
  const ready = title.trim() !== '' && lessons.every((l) => l.title.trim()) && quizReady;
  const submit = () =>
    create.mutate(
      {
        title: title.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
        lessons: lessons.map((l) => ({ title: l.title.trim(), ...(l.body.trim() ? { body: l.body.trim() } : {}) })),
        ...(withQuiz ? { quiz: { passPct: passPct as number, questions: questions.map((q) => ({ text: q.text.trim(), options: optionLines(q), answerIndex: Number(q.answer) })) } } : {}),
      },
      {
        onSuccess: (c) => {
          notifications.show({ color: 'green', message: t('builder.created') });
          void navigate(`/training/${c.id}`);
        },
      },
    );
  return (
    <Page title={t('builder.title')}>
      <Stack gap="md" maw={760}>
        <TextInput label={t('builder.courseTitle')} required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Textarea label={t('builder.description')} maxLength={5000} autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <Title order={2} size="h4">
          {t('courses.lessons')}
        </Title>
        {lessons.map((l, i) => (
          <Card withBorder key={l.key}>
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{t('builder.lesson', { n: i + 1 })}</Text>
              {lessons.length > 1 ? (
                <ActionIcon variant="subtle" color="red" aria-label={t('builder.removeLesson', { n: i + 1 })} onClick={() => setLessons((ls) => ls.filter((x) => x.key !== l.key))}>
                  ✕
                </ActionIcon>
              ) : null}
            </Group>
            <TextInput label={t('builder.lessonTitle', { n: i + 1 })} required maxLength={200} value={l.title} onChange={(e) => setLesson(l.key, { title: e.currentTarget.value })} />
            <Textarea label={t('builder.lessonText', { n: i + 1 })} maxLength={50_000} autosize minRows={3} mt="xs" value={l.body} onChange={(e) => setLesson(l.key, { body: e.currentTarget.value })} />
          </Card>
        ))}
        <Button variant="light" onClick={() => setLessons((ls) => [...ls, newLesson()])} disabled={lessons.length >= 100} w="fit-content">
          {t('builder.addLesson')}
        </Button>
        <Switch label={t('builder.withQuiz')} checked={withQuiz} onChange={(e) => setWithQuiz(e.currentTarget.checked)} />
        {withQuiz ? (
          <>
            <NumberInput label={t('builder.passMark')} min={1} max={100} value={passPct} onChange={setPassPct} maw={200} />
            {questions.map((q, i) => {
              const opts = optionLines(q);
              return (
                <Card withBorder key={q.key}>
                  <Group justify="space-between" mb="xs">
                    <Text fw={600}>{t('builder.question', { n: i + 1 })}</Text>
                    {questions.length > 1 ? (
                      <ActionIcon variant="subtle" color="red" aria-label={t('builder.removeQuestion', { n: i + 1 })} onClick={() => setQuestions((qs) => qs.filter((x) => x.key !== q.key))}>
                        ✕
                      </ActionIcon>
                    ) : null}
                  </Group>
                  <TextInput label={t('builder.question', { n: i + 1 })} required maxLength={1000} value={q.text} onChange={(e) => setQuestion(q.key, { text: e.currentTarget.value })} />
                  <Textarea label={t('builder.questionOptions', { n: i + 1 })} required autosize minRows={2} mt="xs" value={q.options} onChange={(e) => setQuestion(q.key, { options: e.currentTarget.value, answer: null })} />
                  <Select label={t('builder.questionAnswer', { n: i + 1 })} required mt="xs" data={opts.map((o, j) => ({ value: String(j), label: o }))} value={q.answer} onChange={(v) => setQuestion(q.key, { answer: v })} disabled={opts.length < 2} />
                </Card>
              );
            })}
            <Button variant="light" onClick={() => setQuestions((qs) => [...qs, newQuestion()])} disabled={questions.length >= 100} w="fit-content">
              {t('builder.addQuestion')}
            </Button>
          </>
        ) : null}
        <ErrorNotice error={create.error} />
        <Group>
          <Button onClick={submit} disabled={!ready} loading={create.isPending}>
            {t('builder.create')}
          </Button>
          <Button variant="default" component={Link} to="/training">
            {t('builder.cancel')}
          </Button>
        </Group>
      </Stack>
    </Page>
  );
}
