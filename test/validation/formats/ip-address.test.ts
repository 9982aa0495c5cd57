import { isCidr, isMac, parseIP } from '../../../validation/formats/ip-address';

describe('Go net address parsing', () => {
  test('IPv4: sloppy accepts leading zeros, strict does not', () => {
    expect(parseIP('010.001.0.1', true)).toBe(true);
    expect(parseIP('010.001.0.1', false)).toBe(false);
    expect(parseIP('1.2.3', true)).toBe(false);
    expect(parseIP('1.2.3.256', true)).toBe(false);
  });

  test('IPv6 forms, embedded IPv4, one ellipsis, no zones', () => {
    for (const ok of [
      '::',
      '::1',
      '1::',
      'fe80::1:2',
      '1:2:3:4:5:6:7:8',
      '::ffff:10.0.0.1',
      '1:2:3:4:5:6:1.2.3.4',
    ])
      expect([ok, parseIP(ok, false)]).toEqual([ok, true]);
    for (const bad of ['1::2::3', '1:2:3:4:5:6:7', '12345::', 'fe80::1%eth0', ':1', '1:2:3:4:5:6:7:1.2.3.4'])
      expect([bad, parseIP(bad, false)]).toEqual([bad, false]);
  });

  test('CIDR prefix within the address size', () => {
    expect(isCidr('192.168.0.0/24')).toBe(true);
    expect(isCidr('192.168.0.0')).toBe(false);
    expect(isCidr('::/128')).toBe(true);
    expect(isCidr('::/129')).toBe(false);
    expect(isCidr('10.0.0.0/+8')).toBe(false);
  });

  test('MAC: 6, 8 or 20 octets with one separator kind', () => {
    expect(isMac('00-00-5e-00-53-01')).toBe(true);
    expect(isMac('02:00:5e:10:00:00:00:01')).toBe(true);
    expect(isMac('0200.5e10.0000.0001')).toBe(true);
    expect(isMac('00:00:5e:00:53:0g')).toBe(false);
    expect(isMac('00:00:5e:00:53:01:02')).toBe(false);
  });
});
