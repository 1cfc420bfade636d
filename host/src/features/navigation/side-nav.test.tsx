import { screen, within } from '@testing-library/react';
import { TEST_USERS, testFactory } from '@linepulse/shared/testing';
import { renderHost } from '../../testing/render-host';
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
    expect(within(nav).getByRole('button', { name: 'Opportunities' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Shift changes' })).toHaveAttribute('href', '/performance-manager/shift-changes');
    const lyon = within(nav).getByRole('list', { name: 'Factory Lyon' });
    expect(within(lyon).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/f-lyon/dashboard',
      '/f-lyon/availability-downtime',
      '/f-lyon/production-data-export',
      '/f-lyon/my-reports',
    ]);
    expect(within(nav).getByRole('list', { name: 'Factory Québec' })).toBeInTheDocument();
    const admin = within(nav).getByRole('list', { name: 'Admin' });
    expect(within(admin).getByRole('link', { name: 'Factories' })).toHaveAttribute('href', '/factories');
    expect(within(admin).getByRole('link', { name: 'Custom periods' })).toHaveAttribute('href', '/customPeriods');
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
      'Shift changes',
      'Line starts',
      'Product changes',
      'Planned downtime above target',
      'Dashboard',
      'Availability and downtime',
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

  it('speaks French', () => {
    renderHost(<SideNav />, { user: TEST_USERS.admin, factories, language: 'fr' });
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vue d’ensemble de l’entreprise' })).toBeInTheDocument();
  });
});
