import { RECIPIENT_ALLOW_LIST_MAX } from '@linepulse/contracts';
import { allowEntryToAdd } from './allow-list-entry';

describe('allowEntryToAdd', () => {
  it('accepts an address or @domain, trimmed and lower case, as the api stores it', () => {
    expect(allowEntryToAdd('  Auditor@Firm.Example ', [])).toEqual({ entry: 'auditor@firm.example' });
    expect(allowEntryToAdd('@Partner.example', [])).toEqual({ entry: '@partner.example' });
  });

  it('refuses what the api refuses, an empty text, a duplicate and a full list', () => {
    expect(allowEntryToAdd('   ', [])).toEqual({ problem: 'required' });
    expect(allowEntryToAdd('partner.example', [])).toEqual({ problem: 'invalid' });
    expect(allowEntryToAdd('a b@partner.example', [])).toEqual({ problem: 'invalid' });
    expect(allowEntryToAdd('@localhost', [])).toEqual({ problem: 'invalid' });
    expect(allowEntryToAdd('@PARTNER.example', ['@partner.example'])).toEqual({ problem: 'duplicate' });
    const full = Array.from({ length: RECIPIENT_ALLOW_LIST_MAX }, (_, i) => `u${i}@partner.example`);
    expect(allowEntryToAdd('new@partner.example', full)).toEqual({ problem: 'full' });
  });
});
