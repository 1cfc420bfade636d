import { ALERTS_LIMIT_MAX, alertFilterFromSearch, nextAlertsLimit, withAlertFilter } from './alert-filter';

describe('the alerts page’s selection in its address', () => {
  const factories = ['f-lyon', 'f-quebec'];

  it('reads the status and one of the user’s factories, and defaults anything else', () => {
    expect(alertFilterFromSearch(new URLSearchParams('status=open&factory=f-quebec'), factories)).toEqual({ status: 'open', factoryId: 'f-quebec' });
    expect(alertFilterFromSearch(new URLSearchParams(''), factories)).toEqual({ status: 'all', factoryId: null });
    expect(alertFilterFromSearch(new URLSearchParams('status=closed&factory=f-elsewhere'), factories)).toEqual({ status: 'all', factoryId: null });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(withAlertFilter(new URLSearchParams('x=1'), { status: 'open', factoryId: 'f-lyon' }).toString()).toBe('x=1&status=open&factory=f-lyon');
    expect(withAlertFilter(new URLSearchParams('status=open&factory=f-lyon'), { status: 'all', factoryId: null }).toString()).toBe('');
  });

  it('offers more only while a full page came back and the api can give more', () => {
    expect(nextAlertsLimit(100, 100)).toBe(200);
    expect(nextAlertsLimit(100, 42)).toBeNull();
    expect(nextAlertsLimit(450, 450)).toBe(ALERTS_LIMIT_MAX);
    expect(nextAlertsLimit(ALERTS_LIMIT_MAX, ALERTS_LIMIT_MAX)).toBeNull();
  });
});
