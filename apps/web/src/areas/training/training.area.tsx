import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const CoursesPage = lazyPage(() => import('./courses.page'), 'CoursesPage');
const NewCoursePage = lazyPage(() => import('./courses.page'), 'NewCoursePage');
const CoursePage = lazyPage(() => import('./course.page'), 'CoursePage');

/** Course managers build courses and enrol people; everyone takes the courses they are enrolled in. */
export const trainingArea: Area = {
  ns: 'training',
  title: 'area.title',
  routes: [
    { path: 'training', needs: ['getCourses'], nav: 'nav.courses', element: <CoursesPage /> },
    { path: 'training/new', needs: ['postCourses'], element: <NewCoursePage /> },
    { path: 'training/:id', needs: ['getCoursesById'], element: <CoursePage /> },
  ],
};
