import { FACTORY_CACHE_CHECK_MS, FACTORY_CACHE_TTL_MS } from '@linepulse/contracts';
import { nextFactoryCacheCheckMs } from './factory-cache-options';

describe('the factory cache rule', () => {
  it('checks again at the first 120 s check where the data is 3600 s old', () => {
    const loaded = { status: 'success' as const, dataUpdatedAt: 1_000_000 };
    expect(nextFactoryCacheCheckMs(loaded, 1_000_000)).toBe(FACTORY_CACHE_TTL_MS);
    expect(nextFactoryCacheCheckMs(loaded, 1_000_000 + 130_000)).toBe(FACTORY_CACHE_TTL_MS - 130_000);
    // Overdue (its reload is under way): the next check.
    expect(nextFactoryCacheCheckMs(loaded, 1_000_000 + FACTORY_CACHE_TTL_MS)).toBe(FACTORY_CACHE_CHECK_MS);
  });

  it('tries a failed load again at the next check', () => {
    expect(nextFactoryCacheCheckMs({ status: 'error', dataUpdatedAt: 0 }, 5)).toBe(FACTORY_CACHE_CHECK_MS);
    expect(nextFactoryCacheCheckMs({ status: 'error', dataUpdatedAt: 1_000 }, 5_000)).toBe(FACTORY_CACHE_CHECK_MS);
  });
});
