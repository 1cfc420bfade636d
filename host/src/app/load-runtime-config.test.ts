import { TEST_CONFIG } from '../testing/render-host';
import { requestRuntimeConfigEarly } from './config-request';
import { RuntimeConfigError, loadRuntimeConfig, parseRuntimeConfig } from './load-runtime-config';

describe('parseRuntimeConfig', () => {
  it('accepts a complete configuration', () => {
    expect(parseRuntimeConfig(TEST_CONFIG)).toEqual(TEST_CONFIG);
  });

  it('accepts the provider metadata as text and refuses anything else there', () => {
    const withMetadata = { ...TEST_CONFIG, auth: { ...TEST_CONFIG.auth, authorityMetadata: '{"issuer":"https://idp.test"}' } };
    expect(parseRuntimeConfig(withMetadata)).toEqual(withMetadata);
    expect(() => parseRuntimeConfig({ ...TEST_CONFIG, auth: { ...TEST_CONFIG.auth, authorityMetadata: { issuer: 'x' } } })).toThrow(RuntimeConfigError);
  });

  it('lists every missing value at once', () => {
    const broken = { ...TEST_CONFIG, apiBase: '', auth: { ...TEST_CONFIG.auth, clientId: undefined }, remotes: { overview: 'x' } };
    try {
      parseRuntimeConfig(broken);
      throw new Error('should have failed');
    } catch (error) {
      expect(error).toBeInstanceOf(RuntimeConfigError);
      expect((error as RuntimeConfigError).missing).toEqual([
        'apiBase',
        'auth.clientId',
        'remotes.downtime',
        'remotes.reports',
        'remotes.admin',
        'remotes.opportunities',
      ]);
    }
  });
});

describe('loadRuntimeConfig with the early request', () => {
  const answer = (body: unknown): Response => ({ ok: true, status: 200, json: () => Promise.resolve(body) }) as Response;
  afterEach(() => {
    (globalThis as { fetch?: unknown }).fetch = undefined;
  });

  it('takes the answer of the request the entry sent, once; a retry asks again', async () => {
    const fetchMock = jest.fn(() => Promise.resolve(answer(TEST_CONFIG)));
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    requestRuntimeConfigEarly();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(loadRuntimeConfig()).resolves.toEqual(TEST_CONFIG);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(loadRuntimeConfig()).resolves.toEqual(TEST_CONFIG);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenLastCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('reports a failed early request to the start-up that takes it', async () => {
    (globalThis as { fetch?: unknown }).fetch = jest.fn(() => Promise.resolve({ ok: false, status: 503 } as Response));
    requestRuntimeConfigEarly();
    await expect(loadRuntimeConfig()).rejects.toThrow('/config.json answered 503');
  });
});
