import { isEmailAddress } from '../../../validation/formats/email-address';

describe('net/mail.ParseAddress', () => {
  test('accepts addr-specs, quoted local parts, domain literals and display names', () => {
    for (const ok of [
      'ops@example.com',
      ' ops@example.com ',
      '"ops team"@example.com',
      'ops@[10.0.0.1]',
      'Ops <ops@example.com>',
      '"Ops, Team" <ops@example.com>',
      'ops@example.com (Ops)',
    ])
      expect([ok, isEmailAddress(ok)]).toEqual([ok, true]);
  });

  test('refuses what Go refuses', () => {
    for (const bad of [
      '',
      'ops',
      'ops@',
      '@example.com',
      '.ops@example.com',
      'ops@example..com',
      'Ops <ops@example.com',
      'a@b c@d',
      'ops@[not-ip]',
    ])
      expect([bad, isEmailAddress(bad)]).toEqual([bad, false]);
  });
});
