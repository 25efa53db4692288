import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';

const Title = z.string().trim().min(1).max(200);

export const CreateCourseBody = z
  .strictObject({
    title: Title,
    description: z.string().trim().min(1).max(5000).optional(),
    lessons: z.array(z.strictObject({ title: Title, body: z.string().trim().min(1).max(50_000).optional() })).min(1).max(100),
    quiz: z
      .strictObject({
        passPct: z.number().int().min(1).max(100),
        questions: z
          .array(
            z.strictObject({
              text: z.string().trim().min(1).max(1000),
              options: z.array(z.string().trim().min(1).max(500)).min(2).max(10),
              answerIndex: z.number().int().min(0),
            }),
          )
          .min(1)
          .max(100),
      })
      .optional(),
  })
  .superRefine((b, ctx) => {
    b.quiz?.questions.forEach((q, i) => {
      if (q.answerIndex >= q.options.length) ctx.addIssue({ code: 'custom', path: ['quiz', 'questions', i, 'answerIndex'], message: 'must be the index of one of the options' });
    });
  });
export type CreateCourseBody = z.infer<typeof CreateCourseBody>;

export const EnrolBody = z.strictObject({ userId: z.uuid() });
export const QuizAttemptBody = z.strictObject({ answers: z.array(z.number().int().min(0)).min(1).max(100) });
export type QuizAttemptBody = z.infer<typeof QuizAttemptBody>;

export const CourseIdParams = z.object({ id: z.uuid() });
export const LessonParams = z.object({ id: z.uuid(), lessonId: z.uuid() });
export const ListCoursesQuery = z.object({ limit: clampedInt(50, 1, 200), offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER) });
export type ListCoursesQuery = z.infer<typeof ListCoursesQuery>;

export const CourseDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  lessons: z.array(z.object({ id: z.uuid(), position: z.number().int(), title: z.string(), body: z.string().nullable() })),
  quiz: z
    .object({
      passPct: z.number().int(),
      questions: z.array(
        z.object({
          id: z.uuid(),
          text: z.string(),
          options: z.array(z.string()),
          answerIndex: z.number().int().optional().meta({ description: 'Course managers only; absent for learners' }),
        }),
      ),
    })
    .nullable(),
  createdByUserId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type CourseDto = z.infer<typeof CourseDto>;

export const EnrolmentDto = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  userId: z.uuid(),
  status: z.enum(['IN_PROGRESS', 'COMPLETED']),
  completedLessonIds: z.array(z.uuid()),
  totalLessons: z.number().int(),
  quizAttempts: z.number().int(),
  bestScorePct: z.number().int().nullable(),
  completedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type EnrolmentDto = z.infer<typeof EnrolmentDto>;

export const AttemptDto = z.object({
  scorePct: z.number().int(),
  passed: z.boolean(),
  attempts: z.number().int().meta({ description: "The learner's attempts at this quiz so far, this one included" }),
  enrolment: EnrolmentDto,
});
