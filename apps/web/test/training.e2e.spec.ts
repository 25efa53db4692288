import { expect } from 'chai';
import { asRole, browserSuite, newTab, signedIn } from './test-support/browser.js';

describe('web console: training — the course builder, enrolment and a learner taking the course (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('builds a course with lessons and a quiz, enrols the staff member, who completes the lessons, fails then passes the quiz', async () => {
    await asRole(suite, 'AREA_MANAGER', async (manager) => {
      await manager.page.goto('/training');
      await manager.page.getByRole('link', { name: 'New course' }).click();
      const page = manager.page;
      await page.getByLabel(/^Title/).fill('Food safety');
      await page.getByLabel(/^Lesson 1 title/).fill('Hand washing');
      await page.getByLabel(/^Lesson 1 text/).fill('Twenty seconds, warm water.');
      await page.getByRole('button', { name: 'Add a lesson' }).click();
      await page.getByLabel(/^Lesson 2 title/).fill('Fridge temperatures');
      await page.getByRole('switch', { name: 'Finish with a quiz' }).click();
      await page.getByLabel(/^Pass mark/).fill('100');
      await page.getByLabel(/^Question 1\W*$/).fill('Fridges run below…');
      await page.getByLabel(/^Question 1 options/).fill('5°C\n12°C');
      await page.getByRole('combobox', { name: /^Question 1 right answer/ }).click();
      await page.getByRole('option', { name: '5°C' }).click();
      await page.getByRole('button', { name: 'Create the course' }).click();
      await page.getByText('Course created.').waitFor();
      await page.getByRole('heading', { name: 'Food safety' }).waitFor();
      await page.getByText('5°C (right answer)').waitFor();
      await page.getByRole('combobox', { name: 'Person to enrol' }).click();
      await page.getByRole('option', { name: 'Demo Staff', exact: true }).click();
      await page.getByRole('button', { name: 'Enrol', exact: true }).click();
      await page.getByText('Enrolled.').waitFor();
      await page.getByRole('row').filter({ hasText: 'Demo Staff' }).getByText('0 of 2 lessons').waitFor();
    });

    const learner = await newTab(suite.browser, suite.stack);
    try {
      const page = learner.page;
      await signedIn(page, suite.stack, suite.stack.email('STAFF'));
      await page.goto('/training');
      await page.getByRole('heading', { name: 'My training' }).waitFor();
      await page.getByRole('link', { name: 'Food safety' }).click();
      expect(await page.getByText(/right answer/).count()).to.equal(0);
      for (const lesson of ['Hand washing', 'Fridge temperatures']) {
        await page.getByRole('button', { name: `Mark ${lesson} as done` }).click();
        await page.getByRole('button', { name: `Mark ${lesson} as done` }).waitFor({ state: 'detached' });
      }
      await page.getByRole('radio', { name: '12°C' }).check();
      await page.getByRole('button', { name: 'Submit my answers' }).click();
      await page.getByRole('status').filter({ hasText: 'Not passed yet' }).getByText('You scored 0% (attempt 1).').waitFor();
      await page.getByRole('radio', { name: '5°C' }).check();
      await page.getByRole('button', { name: 'Submit my answers' }).click();
      await page.getByRole('status').filter({ hasText: 'Passed' }).getByText('You scored 100% (attempt 2).').waitFor();
      await page.goto('/training');
      await page.getByRole('row').filter({ hasText: 'Food safety' }).getByText('Completed, 100%').waitFor();
    } finally {
      await learner.context.close();
    }

    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const [course] = (await suite.stack.call<Array<{ id: string; title: string }>>('GET', '/courses', { token: owner })).body.filter((c) => c.title === 'Food safety');
    const enrolments = await suite.stack.call<Array<{ status: string; quizAttempts: number; completedLessonIds: string[] }>>('GET', `/courses/${course!.id}/enrolments`, { token: owner });
    expect(enrolments.body.map((e) => [e.status, e.quizAttempts, e.completedLessonIds.length])).to.deep.equal([['COMPLETED', 2, 2]]);
  });

  it('keeps the course builder from a staff member, who sees only the courses they are enrolled in', async () => {
    await asRole(suite, 'STAFF', async ({ page }) => {
      await page.goto('/training/new');
      await page.getByText('Not available to you').waitFor();
      await page.goto('/training');
      await page.getByRole('heading', { name: 'My training' }).waitFor();
      expect(await page.getByRole('link', { name: 'New course' }).count()).to.equal(0);
    });
  });
});
