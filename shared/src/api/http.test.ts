import { resetServices } from '../services/services';
import { configureTestServices } from '../testing/configure-test-services';
import { jsonResponse, mockFetch } from '../testing/mock-fetch';
import { ApiError } from './api-error';
import { apiRequest } from './http';
import { getAccount } from './get-account';
import { getPreferences } from './get-preferences';
import { getUserFactories } from './get-user-factories';
import { putFactory } from './put-factory';
import { putPreferences } from './put-preferences';
import { defaultPreferences, type FactorySettings } from '@linepulse/contracts';

const notifier = { success: jest.fn(), error: jest.fn() };

beforeEach(() => configureTestServices({ token: 'tok-123', apiBase: 'https://x.test/api/', notifier }));
afterEach(() => resetServices());

describe('API client', () => {
  it('sends the bearer token and no content type on a GET', async () => {
    const fetch = mockFetch({ 'GET /api/user/factories': [] });
    await getUserFactories();
    fetch.restore();
    expect(fetch.requests).toHaveLength(1);
    const [request] = fetch.requests;
    expect(request?.url).toBe('https://x.test/api/user/factories');
    expect(request?.headers.authorization).toBe('Bearer tok-123');
    expect(request?.headers['content-type']).toBeUndefined();
  });

  it('sends JSON with its content type when a body is present', async () => {
    const fetch = mockFetch({ 'PUT /api/user/preferences': (request) => jsonResponse(request.body) });
    const preferences = { ...defaultPreferences(), language: 'fr' as const };
    await expect(putPreferences(preferences)).resolves.toEqual(preferences);
    fetch.restore();
    expect(fetch.requests[0]?.headers['content-type']).toBe('application/json');
    expect(fetch.requests[0]?.body).toEqual(preferences);
  });

  it('sends the headers of a call beside its own, which it does not let them replace', async () => {
    const fetch = mockFetch({ 'POST /api/things': (request) => jsonResponse(request.body) });
    await apiRequest('api', 'things', { method: 'POST', body: { a: 1 }, headers: { 'Idempotency-Key': 'key-1', authorization: 'Bearer other', 'Content-Type': 'text/plain' } });
    fetch.restore();
    const headers = fetch.requests[0]?.headers;
    expect(headers?.['idempotency-key']).toBe('key-1');
    expect(headers?.authorization).toBe('Bearer tok-123');
    expect(headers?.['content-type']).toBe('application/json');
  });

  it('calls the dashboard API for account settings', async () => {
    const account = { id: 'a 1', name: 'Demo', insights_enabled: true, is_tilelytics: true, domain_name: 'demo.test' };
    const fetch = mockFetch({ 'GET /dashboard-api/accounts/a%201': account });
    await expect(getAccount('a 1')).resolves.toEqual(account);
    fetch.restore();
  });

  it('normalises preferences on load', async () => {
    const fetch = mockFetch({ 'GET /api/user/preferences': { language: 'de', theme: 'pink', tilelytics: {} } });
    await expect(getPreferences()).resolves.toEqual(defaultPreferences());
    fetch.restore();
  });

  it('turns an error body into an ApiError with its items', async () => {
    const errors = [{ code: 'CS_FAC_PUT_20001', arguments: { name: 'Lyon' }, message: 'duplicate name' }];
    const fetch = mockFetch({ 'PUT /api/factories/f1': () => jsonResponse({ errors }, 409) });
    const failure = await putFactory('f1', {} as FactorySettings).catch((error: unknown) => error);
    fetch.restore();
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect((failure as ApiError).items).toEqual(errors);
    expect((failure as ApiError).unexpected).toBe(false);
  });

  it('uses the default code 500 when the body has no errors', async () => {
    const fetch = mockFetch({ 'GET /api/user/factories': () => jsonResponse('Bad gateway', 502) });
    const failure = (await getUserFactories().catch((error: unknown) => error)) as ApiError;
    fetch.restore();
    expect(failure.status).toBe(502);
    expect(failure.items).toHaveLength(1);
    expect(failure.items[0]?.code).toBe('500');
    expect(failure.code).toBe('500');
    expect(failure.unexpected).toBe(true);
  });

  it('turns a network failure into an ApiError with status 0 and code 500', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const failure = (await getUserFactories().catch((error: unknown) => error)) as ApiError;
    globalThis.fetch = original;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(0);
    expect(failure.code).toBe('500');
  });

  it('fails with AUTH_401 when no token can be acquired', async () => {
    configureTestServices({ tokenProvider: { getAccessToken: () => Promise.reject(new Error('no account')) }, notifier });
    const fetch = mockFetch({});
    const failure = (await getUserFactories().catch((error: unknown) => error)) as ApiError;
    fetch.restore();
    expect(fetch.requests).toHaveLength(0);
    expect(failure.status).toBe(401);
    expect(failure.code).toBe('AUTH_401');
  });
});
