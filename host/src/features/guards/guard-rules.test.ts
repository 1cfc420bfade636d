import { ROUTES } from '@linepulse/contracts';
import { TEST_USERS } from '@linepulse/shared/testing';
import { guardRedirect } from './guard-rules';

describe('guards (product §2)', () => {
  it('sends an anonymous user on a protected page to home', () => {
    expect(guardRedirect('product', null, ROUTES.companyOverview)).toBe('/home');
    expect(guardRedirect('product', null, ROUTES.factories)).toBe('/home');
    expect(guardRedirect('unauthorized', null)).toBe('/home');
  });

  it('sends a signed-in user on a public page to the company overview', () => {
    expect(guardRedirect('public-only', TEST_USERS.operation)).toBe('/company-overview');
    expect(guardRedirect('public-only', null)).toBeNull();
  });

  it('sends a signed-in user not enabled for the product to the unauthorized page', () => {
    expect(guardRedirect('product', TEST_USERS.notEnabled, ROUTES.companyOverview)).toBe('/unauthorized');
    expect(guardRedirect('public-only', TEST_USERS.notEnabled)).toBe('/unauthorized');
    expect(guardRedirect('unauthorized', TEST_USERS.notEnabled)).toBeNull();
    expect(guardRedirect('unauthorized', TEST_USERS.admin)).toBe('/company-overview');
  });

  it('sends non-admins from admin pages to the company overview', () => {
    for (const route of [ROUTES.factories, ROUTES.factorySettings, ROUTES.customPeriods, ROUTES.customPeriodCreation, ROUTES.customPeriodEdition]) {
      expect(guardRedirect('product', TEST_USERS.operation, route)).toBe('/company-overview');
      expect(guardRedirect('product', TEST_USERS.admin, route)).toBeNull();
    }
  });

  it('sends users without insights or wx from the opportunities to the company overview', () => {
    expect(guardRedirect('product', TEST_USERS.noInsights, ROUTES.shiftChanges)).toBe('/company-overview');
    expect(guardRedirect('product', TEST_USERS.wxUser, ROUTES.shiftChanges)).toBeNull();
    expect(guardRedirect('product', TEST_USERS.operation, ROUTES.plannedDowntimesWithTarget)).toBeNull();
  });

  it('lets anyone see the open pages', () => {
    expect(guardRedirect('open', null)).toBeNull();
    expect(guardRedirect('open', TEST_USERS.notEnabled)).toBeNull();
  });
});
