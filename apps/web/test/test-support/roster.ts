import type { Locator, Page } from 'playwright-core';

/** Opens the rota's "Publish a roster" dialog with one shift at Central Kitchen filled in; the caller publishes it. */
export async function rosterOfOneShift(page: Page, shift: { person: string; day: string; from: string; to: string }): Promise<Locator> {
  await page.goto('/rota/rosters');
  await page.getByRole('main').getByRole('button', { name: 'Publish a roster' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish a roster' });
  await dialog.getByRole('combobox', { name: /^Outlet/ }).click();
  await page.getByRole('option', { name: 'Central Kitchen' }).click();
  await dialog.getByRole('combobox', { name: /^Person 1/ }).click();
  await page.getByRole('option', { name: shift.person }).click();
  await dialog.getByLabel(/^Day/).fill(shift.day);
  await dialog.getByLabel(/^From/).fill(shift.from);
  await dialog.getByLabel(/^To/).fill(shift.to);
  return dialog;
}
