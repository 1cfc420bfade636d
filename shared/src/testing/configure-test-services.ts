import { configureServices, type Services } from '../services/services';

export interface TestNotifier {
  success: jest.Mock;
  error: jest.Mock;
}

/**
 * Services for tests that call API clients or hooks without rendering through `renderWithProviders`: a
 * token provider answering `token`, the two test API bases and a notifier of jest mocks (returned, so a
 * test can read what was reported). Anything may be overridden; `resetServices()` undoes it.
 */
export function configureTestServices(
  overrides: Partial<Omit<Services, 'notifier'>> & { token?: string; notifier?: TestNotifier } = {},
): { notifier: TestNotifier } {
  const { token = 't', notifier = { success: jest.fn(), error: jest.fn() }, ...services } = overrides;
  configureServices({
    tokenProvider: { getAccessToken: () => Promise.resolve(token) },
    apiBase: 'https://x.test/api',
    dashboardApiBase: 'https://x.test/dashboard-api',
    notifier,
    ...services,
  });
  return { notifier };
}
