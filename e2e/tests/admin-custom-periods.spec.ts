import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from '../support/users';

/**
 * Custom periods (issue 12): every product §5 rule answered with its §8 message, creation, edition and
 * deletion as the demo admin; the period pickers follow a change without a reload; the admin area stays
 * closed to a supervisor. Periods created here are deleted again, so other specs see the seeded ones.
 */

const form = (page: Page) => ({
  name: page.getByLabel('Name'),
  start: page.getByLabel('Start'),
  end: page.getByLabel('End'),
  save: page.getByRole('button', { name: 'Save' }),
});

async function fill(page: Page, values: { name?: string; start?: string; end?: string }): Promise<void> {
  const { name, start, end } = form(page);
  if (values.name !== undefined) await name.fill(values.name);
  if (values.start !== undefined) await start.fill(values.start);
  if (values.end !== undefined) await end.fill(values.end);
}

/** The date in yyyy-LL-dd of a UTC day count from today. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test.describe('custom periods as the demo admin', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('each rule refused with its message; create, edit and delete a period', async ({ page }) => {
    await page.goto('/customPeriods');
    const table = page.getByRole('table', { name: 'Custom periods' });
    await expect(table).toBeVisible();
    // A seeded period gives a name and dates already taken.
    const seeded = table.getByRole('row').nth(1).getByRole('cell');
    const takenName = (await seeded.nth(0).innerText()).trim();
    const takenStart = (await seeded.nth(1).innerText()).trim();

    await page.getByRole('link', { name: 'New custom period' }).click();
    await expect(page).toHaveURL(/\/customPeriods\/creation$/);
    const { save } = form(page);
    await save.click();
    await expect(page.getByText('The name is required')).toBeVisible();
    await expect(page.getByText('The start date is required')).toBeVisible();
    await expect(page.getByText('The end date is required')).toBeVisible();

    const rules: [{ name?: string; start?: string; end?: string }, string][] = [
      [{ name: 'Winter7', start: '2018-01-01', end: '2018-01-31' }, 'The name can have at most 6 characters'],
      [{ name: 'W/18' }, 'The name can only contain letters, digits, hyphens, underscores and spaces'],
      [{ name: 'Hiv-18', start: '2018-01-31', end: '2018-01-31' }, 'The start date must be before the end date'],
      [{ start: '2018-01-01', end: '2018-07-05' }, 'A custom period can cover at most 185 days'],
      [{ name: takenName.toLowerCase(), end: '2018-01-31' }, `A custom period with this name already exists (${takenName})`],
      [{ name: 'Hiv-18', start: takenStart, end: takenStart === dayFromToday(0) ? dayFromToday(1) : dayFromToday(0) }, `overlaps another custom period`],
    ];
    for (const [values, message] of rules) {
      await fill(page, values);
      await save.click();
      await expect(page.getByText(message)).toBeVisible();
    }

    await fill(page, { name: 'Hiv-18', start: '2018-01-01', end: '2018-02-28' });
    await expect(page.getByText('59 days, both ends included')).toBeVisible();
    await save.click();
    await expect(page).toHaveURL(/\/customPeriods$/);
    const created = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Hiv-18' }) });
    await expect(created.getByRole('cell')).toHaveText(['Hiv-18', '2018-01-01', '2018-02-28', '59', 'Delete Hiv-18']);

    await created.getByRole('link', { name: 'Hiv-18' }).click();
    await expect(page.getByRole('heading', { name: 'Edit custom period', level: 1 })).toBeVisible();
    await expect(form(page).name).toHaveValue('Hiv-18');
    await fill(page, { name: 'Hiv 18', end: '2018-03-31' });
    await save.click();
    await expect(page).toHaveURL(/\/customPeriods$/);
    const edited = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Hiv 18' }) });
    await expect(edited.getByRole('cell')).toHaveText(['Hiv 18', '2018-01-01', '2018-03-31', '90', 'Delete Hiv 18']);

    await edited.getByRole('button', { name: 'Delete Hiv 18' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete the custom period Hiv 18?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('link', { name: 'Hiv 18' })).toHaveCount(0);
    await page.reload();
    await expect(table.getByRole('link', { name: takenName })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Hiv 18' })).toHaveCount(0);
  });
});

test.describe('custom periods and the period picker', () => {
  // The other company has no current custom period (only last month's): creating one enables the
  // "Current custom period" option of the pickers at once, deleting it disables the option again.
  test.use({ storageState: storageStatePath('other') });

  test('the current custom period option follows a creation and a deletion without a reload', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const picker = page.getByRole('combobox', { name: 'Period' });
    const current = picker.locator('option[value="current_custom_period"]');
    await page.goto('/company-overview');
    await expect(current).toBeDisabled();

    await nav.getByRole('link', { name: 'Custom periods' }).click();
    await page.getByRole('link', { name: 'New custom period' }).click();
    // From the first of this month (after last month's period) to well after today.
    const firstOfMonth = `${dayFromToday(0).slice(0, 8)}01`;
    await fill(page, { name: 'Now', start: firstOfMonth, end: dayFromToday(20) });
    await form(page).save.click();
    await expect(page.getByRole('link', { name: 'Now', exact: true })).toBeVisible();

    await nav.getByRole('link', { name: 'Company overview' }).click();
    await expect(current).toBeEnabled();
    await expect(current).toHaveText('Current custom period');

    await nav.getByRole('link', { name: 'Custom periods' }).click();
    await page.getByRole('button', { name: 'Delete Now' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('link', { name: 'Now', exact: true })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Company overview' }).click();
    await expect(current).toBeDisabled();
  });
});

test.describe('custom periods as a supervisor', () => {
  test.use({ storageState: storageStatePath('operation') });

  test('finds the admin area closed and out of the navigation', async ({ page }) => {
    for (const path of ['/customPeriods', '/customPeriods/creation', '/factories']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/company-overview$/);
    }
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Custom periods' })).toHaveCount(0);
  });
});
