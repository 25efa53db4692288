import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { useInvalidatingMutation } from '../../api/shared.queries';
import type { Body, Ok } from '../../api/types';

export type Course = Ok<'getCoursesById'>;
export type Enrolment = Ok<'getMeEnrolments'>[number];

export const useCourses = () => useQuery({ queryKey: ['courses', 'list'], queryFn: () => ok(api.GET('/courses', { params: { query: { limit: 200 } } })) });
export const useCourse = (id: string) => useQuery({ queryKey: ['courses', id], queryFn: () => ok(api.GET('/courses/{id}', { params: { path: { id } } })) });
export const useMyEnrolments = () => useQuery({ queryKey: ['enrolments', 'mine'], queryFn: () => ok(api.GET('/me/enrolments', { params: { query: { limit: 200 } } })) });
export const useCourseEnrolments = (id: string) => useQuery({ queryKey: ['enrolments', 'course', id], queryFn: () => ok(api.GET('/courses/{id}/enrolments', { params: { path: { id } } })) });

export const useCreateCourse = () => useInvalidatingMutation((body: Body<'postCourses'>) => ok(api.POST('/courses', { body })), [['courses']]);
export const useEnrol = () =>
  useInvalidatingMutation(({ id, userId }: { id: string; userId: string }) => ok(api.POST('/courses/{id}/enrolments', { params: { path: { id } }, body: { userId } })), [['enrolments'], ['courses']]);
export const useCompleteLesson = () =>
  useInvalidatingMutation(({ id, lessonId }: { id: string; lessonId: string }) => ok(api.POST('/courses/{id}/lessons/{lessonId}/complete', { params: { path: { id, lessonId } } })), [['enrolments']]);
export const useQuizAttempt = () =>
  useInvalidatingMutation(({ id, answers }: { id: string; answers: number[] }) => ok(api.POST('/courses/{id}/quiz/attempts', { params: { path: { id } }, body: { answers } })), [['enrolments']]);
