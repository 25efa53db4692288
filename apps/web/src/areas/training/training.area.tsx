import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { COURSE_ADMIN_ROLES, EVERY_ROLE } from '../../auth/me';

const CoursesPage = lazyPage(() => import('./courses.page'), 'CoursesPage');
const NewCoursePage = lazyPage(() => import('./courses.page'), 'NewCoursePage');
const CoursePage = lazyPage(() => import('./course.page'), 'CoursePage');

/** Course managers build courses and enrol people; everyone takes the courses they are enrolled in. */
export const trainingArea: Area = {
  title: 'Training',
  nav: [{ label: 'Courses', to: '/training', roles: EVERY_ROLE }],
  routes: [
    { path: 'training', roles: EVERY_ROLE, element: <CoursesPage /> },
    { path: 'training/new', roles: COURSE_ADMIN_ROLES, element: <NewCoursePage /> },
    { path: 'training/:id', roles: EVERY_ROLE, element: <CoursePage /> },
  ],
};
