import { canAuthorReports, disallowedRecipients, normaliseAllowEntry, recipientAllowed, type RecipientPolicy } from './email-recipients';

const policy: RecipientPolicy = {
  accountDomain: 'demo.linepulse.test',
  userAddresses: ['Consultant@Gmail.example'],
  allowList: ['@partner.example', 'auditor@firm.example'],
};

describe('e-mail report recipients an account may address', () => {
  it.each([
    'plant.manager@demo.linepulse.test',
    'Plant.Manager@DEMO.linepulse.test ',
    'night@lyon.demo.linepulse.test',
    'consultant@gmail.example',
    'anyone@partner.example',
    'AUDITOR@firm.example',
  ])('allows %j', (address) => {
    expect(recipientAllowed(address, policy)).toBe(true);
  });

  it.each([
    'attacker@evil.example',
    'x@demo.linepulse.test.evil.example',
    'x@evildemo.linepulse.test',
    'someone@sub.partner.example',
    'other@firm.example',
    'no-domain',
    'x@',
  ])('refuses %j', (address) => {
    expect(recipientAllowed(address, policy)).toBe(false);
  });

  it('lists the refused recipients with their index', () => {
    expect(disallowedRecipients(['a@demo.linepulse.test', 'b@evil.example', 'c@partner.example', 'd@evil.example'], policy)).toEqual([
      { address: 'b@evil.example', index: 1 },
      { address: 'd@evil.example', index: 3 },
    ]);
  });

  it('keeps allow-list entries that are an address or @domain, trimmed and in lower case', () => {
    expect(normaliseAllowEntry(' @Partner.Example ')).toBe('@partner.example');
    expect(normaliseAllowEntry('Auditor@Firm.example')).toBe('auditor@firm.example');
    expect(normaliseAllowEntry('partner.example')).toBeNull();
    expect(normaliseAllowEntry('@localhost')).toBeNull();
    expect(normaliseAllowEntry('a b@x.example')).toBeNull();
  });

  it('lets supervisors and directors write reports, not the display (presenter)', () => {
    expect([canAuthorReports('supervisor'), canAuthorReports('director'), canAuthorReports('presenter')]).toEqual([true, true, false]);
  });
});
