import { configureServices, getServices, resetServices, servicesConfigured, type Services } from './services';

const servicesFor = (name: string): Services => ({
  tokenProvider: { getAccessToken: () => Promise.resolve(`token-${name}`) },
  apiBase: `https://${name}.example/api/`,
  dashboardApiBase: `https://${name}.example/dashboard-api`,
  notifier: { success: () => undefined, error: () => undefined },
});

afterEach(resetServices);

test('two embeds on one page: releasing either leaves the other in force', async () => {
  const releaseFirst = configureServices(servicesFor('first'));
  const releaseSecond = configureServices(servicesFor('second'));
  expect(getServices().apiBase).toBe('https://second.example/api');
  releaseSecond();
  expect(getServices().apiBase).toBe('https://first.example/api');
  const releaseThird = configureServices(servicesFor('third'));
  releaseFirst();
  await expect(getServices().tokenProvider.getAccessToken()).resolves.toBe('token-third');
  releaseThird();
  expect(servicesConfigured()).toBe(false);
  expect(() => getServices()).toThrow('configureServices() must be called');
});

test('releasing twice releases nothing more', () => {
  configureServices(servicesFor('host'));
  const release = configureServices(servicesFor('embed'));
  release();
  release();
  expect(getServices().apiBase).toBe('https://host.example/api');
});
