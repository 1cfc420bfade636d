import { TEST_CONFIG } from '../testing/render-host';
import { RuntimeConfigError, parseRuntimeConfig } from './load-runtime-config';

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
