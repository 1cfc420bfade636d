import { ROUTES, routePath } from './routes';

describe('routePath', () => {
  it('fills parameters', () => {
    expect(routePath('factoryDashboard', { factoryId: 'f-1' })).toBe('/f-1/dashboard');
    expect(routePath('reportCreation', { factoryId: 'f-1', template: 'overview' })).toBe('/f-1/my-reports/creation/overview');
    expect(routePath('justification', { factoryId: 'f-1' })).toBe('/f-1/justification');
    expect(routePath('alerts')).toBe('/alerts');
  });

  it('drops a missing optional parameter and refuses a missing required one', () => {
    expect(routePath('reportCreation', { factoryId: 'f-1' })).toBe('/f-1/my-reports/creation');
    expect(() => routePath('factoryDashboard')).toThrow('needs factoryId');
  });

  it('marks exactly the admin pages admin-only and the performance manager as needing insights', () => {
    const admin = Object.entries(ROUTES).filter(([, r]) => 'adminOnly' in r && r.adminOnly).map(([id]) => id);
    expect(admin.sort()).toEqual(['customPeriodCreation', 'customPeriodEdition', 'customPeriods', 'factories', 'factorySettings']);
    const insights = Object.values(ROUTES).filter((r) => 'needsInsights' in r && r.needsInsights);
    expect(insights.every((r) => r.path.startsWith('/performance-manager/'))).toBe(true);
    expect(insights).toHaveLength(4);
  });
});
