import { act, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { accountQuery, activeFactoryIdAtom } from '@linepulse/shared';
import { TEST_USERS, testFactory } from '@linepulse/shared/testing';
import { renderHost } from '../../testing/render-host';
import { factoryIdOfPath } from './current-factory';
import { SideNav } from './side-nav';

const factories = [testFactory(), testFactory({ id: 'f-quebec', name: 'Québec' })];

function linkNames(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('side navigation', () => {
  it('gives an admin the overview, opportunities, one group per factory and the admin group', () => {
    renderHost(<SideNav />, { user: TEST_USERS.admin, factories });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Company overview' })).toHaveAttribute('href', '/company-overview');
    expect(within(nav).getByRole('link', { name: 'Alerts' })).toHaveAttribute('href', '/alerts');
    expect(within(nav).getByRole('button', { name: 'Opportunities' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Shift changes' })).toHaveAttribute('href', '/performance-manager/shift-changes');
    const lyon = within(nav).getByRole('list', { name: 'Factory Lyon' });
    expect(within(lyon).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/f-lyon/dashboard',
      '/f-lyon/availability-downtime',
      '/f-lyon/justification',
      '/f-lyon/production-data-export',
      '/f-lyon/my-reports',
    ]);
    // Only the current factory's group is open (the first factory is the active one at start).
    expect(within(nav).getByRole('button', { name: 'Factory Québec' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('list', { name: 'Factory Québec' })).not.toBeInTheDocument();
    const admin = within(nav).getByRole('list', { name: 'Admin' });
    expect(within(admin).getByRole('link', { name: 'Factories' })).toHaveAttribute('href', '/factories');
    expect(within(admin).getByRole('link', { name: 'Custom periods' })).toHaveAttribute('href', '/customPeriods');
  });

  it('says on each export entry, for an account outside the integrated ecosystem, that data export is not for it (product §1, §8)', async () => {
    const account = { id: TEST_USERS.admin.account_id, name: 'Other Co.', insights_enabled: false, is_tilelytics: true, domain_name: 'other.linepulse.test' };
    const outside = renderHost(<SideNav />, { user: TEST_USERS.admin, factories });
    act(() => outside.queryClient.setQueryData(accountQuery(TEST_USERS.admin.account_id).queryKey, { ...account, integrated_ecosystem: false }));
    const lyon = within(screen.getByRole('list', { name: 'Factory Lyon' }));
    expect(await lyon.findByRole('link', { name: 'Production data export Data export only on the integrated ecosystem' })).toHaveAttribute('href', '/f-lyon/production-data-export');
    expect(lyon.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    outside.unmount();

    const inside = renderHost(<SideNav />, { user: TEST_USERS.admin, factories });
    act(() => inside.queryClient.setQueryData(accountQuery(TEST_USERS.admin.account_id).queryKey, { ...account, integrated_ecosystem: true }));
    // Once the account is known to be inside, the entry is a plain link.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(screen.getByRole('list', { name: 'Factory Lyon' })).getByRole('link', { name: 'Production data export' })).toBeInTheDocument();
    expect(screen.queryByText('Data export only on the integrated ecosystem')).not.toBeInTheDocument();
  });

  it('gives an operation user no admin group', () => {
    renderHost(<SideNav />, { user: TEST_USERS.operation, factories });
    expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    expect(linkNames()).not.toContain('Custom periods');
    expect(linkNames()).toContain('Shift changes');
  });

  it('gives a presenter the same product entries without admin', () => {
    renderHost(<SideNav />, { user: TEST_USERS.presenter, factories: [testFactory()] });
    expect(linkNames()).toEqual([
      'Company overview',
      'Alerts',
      'Shift changes',
      'Line starts',
      'Product changes',
      'Planned downtime above target',
      'Dashboard',
      'Availability and downtime',
      'Justify downtimes',
      'Production data export',
      'My reports',
    ]);
  });

  it('hides the opportunities without insights, and shows them to a wx user', () => {
    const { unmount } = renderHost(<SideNav />, { user: TEST_USERS.noInsights, factories });
    expect(screen.queryByRole('button', { name: 'Opportunities' })).not.toBeInTheDocument();
    unmount();
    renderHost(<SideNav />, { user: TEST_USERS.wxUser, factories });
    expect(screen.getByRole('button', { name: 'Opportunities' })).toBeInTheDocument();
  });

  it('shows nothing to a user not enabled for the product', () => {
    renderHost(<SideNav />, { user: TEST_USERS.notEnabled, factories });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('collapses and expands a group, and marks the current page', async () => {
    const { userEvent } = renderHost(<SideNav />, { user: TEST_USERS.operation, factories, route: '/f-lyon/availability-downtime' });
    expect(screen.getByRole('link', { name: 'Availability and downtime', current: 'page' })).toHaveAttribute(
      'href',
      '/f-lyon/availability-downtime',
    );
    const toggle = screen.getByRole('button', { name: 'Factory Lyon' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Factory Lyon' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByRole('list', { name: 'Factory Lyon' })).toBeInTheDocument();
  });

  describe('the current factory’s group', () => {
    const many = [
      testFactory(),
      testFactory({ id: 'f-quebec', name: 'Québec' }),
      testFactory({ id: 'f-monterrey', name: 'Monterrey' }),
      testFactory({ id: 'f-hamilton', name: 'Hamilton' }),
    ];
    const expanded = (name: string): string | null => screen.getByRole('button', { name: `Factory ${name}` }).getAttribute('aria-expanded');

    /** The navigation beside links that stand for the page content: the user moves without the navigation. */
    function WithPageLinks(): ReactElement {
      return (
        <>
          <SideNav />
          <Link to="/f-hamilton/availability-downtime">page link to Hamilton</Link>
          <Link to="/company-overview">page link to the overview</Link>
        </>
      );
    }

    it('opens the group of the factory in the URL, not the first factory (which is the active one at start)', () => {
      const { store } = renderHost(<SideNav />, { user: TEST_USERS.operation, factories: many, route: '/f-monterrey/dashboard' });
      expect(store.get(activeFactoryIdAtom)).toBe('f-lyon');
      expect(expanded('Monterrey')).toBe('true');
      expect(expanded('Lyon')).toBe('false');
      expect(expanded('Québec')).toBe('false');
      expect(screen.getByRole('link', { name: 'Dashboard', current: 'page' })).toHaveAttribute('href', '/f-monterrey/dashboard');
    });

    it('follows the user from one factory to another: the new one opens, the one left closes', async () => {
      const { userEvent } = renderHost(<WithPageLinks />, { user: TEST_USERS.operation, factories: many, route: '/f-quebec/my-reports' });
      expect(expanded('Québec')).toBe('true');
      await userEvent.click(screen.getByRole('link', { name: 'page link to Hamilton' }));
      expect(expanded('Hamilton')).toBe('true');
      expect(expanded('Québec')).toBe('false');
      expect(screen.getByRole('link', { name: 'Availability and downtime', current: 'page' })).toHaveAttribute(
        'href',
        '/f-hamilton/availability-downtime',
      );
    });

    it('keeps what the user closed or opened by hand, and opens a closed group when the user arrives on its factory', async () => {
      // As in the app, where the page made Hamilton the active factory when it mounted.
      const store = createStore();
      store.set(activeFactoryIdAtom, 'f-hamilton');
      const { userEvent } = renderHost(<WithPageLinks />, { user: TEST_USERS.operation, factories: many, route: '/f-hamilton/dashboard', store });
      await userEvent.click(screen.getByRole('button', { name: 'Factory Hamilton' }));
      expect(expanded('Hamilton')).toBe('false');
      await userEvent.click(screen.getByRole('button', { name: 'Factory Lyon' }));
      expect(expanded('Lyon')).toBe('true');
      await userEvent.click(screen.getByRole('link', { name: 'page link to the overview' }));
      expect(expanded('Hamilton')).toBe('false');
      expect(expanded('Lyon')).toBe('true');
      await userEvent.click(screen.getByRole('link', { name: 'page link to Hamilton' }));
      expect(expanded('Hamilton')).toBe('true');
      expect(expanded('Lyon')).toBe('true');
      expect(expanded('Québec')).toBe('false');
    });

    it('keeps the last factory visited open on a page of no factory', () => {
      const store = createStore();
      store.set(activeFactoryIdAtom, 'f-quebec');
      renderHost(<SideNav />, { user: TEST_USERS.operation, factories: many, route: '/company-overview', store });
      expect(expanded('Québec')).toBe('true');
      expect(expanded('Lyon')).toBe('false');
    });
  });

  it('reads the factory of every factory route, and none from other routes', () => {
    expect(factoryIdOfPath('/f-lyon/dashboard')).toBe('f-lyon');
    expect(factoryIdOfPath('/f-lyon/availability-downtime')).toBe('f-lyon');
    expect(factoryIdOfPath('/f-lyon/production-data-export')).toBe('f-lyon');
    expect(factoryIdOfPath('/f-lyon/justification')).toBe('f-lyon');
    expect(factoryIdOfPath('/f-lyon/my-reports/creation/downtime_main_page')).toBe('f-lyon');
    expect(factoryIdOfPath('/f-lyon/my-reports/r-12')).toBe('f-lyon');
    expect(factoryIdOfPath('/company-overview')).toBeNull();
    expect(factoryIdOfPath('/alerts')).toBeNull();
    expect(factoryIdOfPath('/performance-manager/shift-changes')).toBeNull();
    expect(factoryIdOfPath('/factory/f-lyon')).toBeNull();
    expect(factoryIdOfPath('/customPeriods/creation')).toBeNull();
  });

  it('speaks French', () => {
    renderHost(<SideNav />, { user: TEST_USERS.admin, factories, language: 'fr' });
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vue d’ensemble de l’entreprise' })).toBeInTheDocument();
  });
});
