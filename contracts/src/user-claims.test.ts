import { userFromClaims } from './user-claims';

const claims = {
  sub: 'subject',
  user_id: '7d2c3b8e-1f4a-4c1e-9a51-2f1e0c6b9d01',
  account_id: '0b7f4c1e-5a2d-4e8f-8c3a-9d1e2f3a4b5c',
  role: 'director',
  email: 'alice@demo.test',
  display_name: 'Alice Martin',
  is_admin: true,
  is_financial_admin: 'true',
  is_tilelytics: true,
  is_wx_user: 'false',
  insights_enabled: false,
};

describe('userFromClaims', () => {
  it('reads the product user, flags given as booleans or as the strings true/false', () => {
    expect(userFromClaims(claims)).toEqual({
      user_id: claims.user_id,
      account_id: claims.account_id,
      role: 'director',
      email: 'alice@demo.test',
      display_name: 'Alice Martin',
      is_admin: true,
      is_financial_admin: true,
      is_tilelytics: true,
      is_wx_user: false,
      insights_enabled: false,
    });
  });

  it('takes the name claim when there is no display name', () => {
    const { display_name: _omitted, ...rest } = claims;
    expect(userFromClaims({ ...rest, name: 'Bob' })?.display_name).toBe('Bob');
  });

  it.each([
    ['a missing flag', { is_admin: undefined }],
    ['a flag that is neither boolean nor true/false', { is_tilelytics: 1 }],
    ['an unknown role', { role: 'king' }],
    ['a user id that is not a UUID', { user_id: 'u1' }],
    ['an account id that is not a UUID', { account_id: 'acc' }],
    ['no e-mail', { email: undefined }],
    ['no name at all', { display_name: undefined }],
  ])('is null for claims with %s (not a whole product user)', (_case, change) => {
    expect(userFromClaims({ ...claims, ...change })).toBeNull();
  });
});
