import {
  formatInfo,
  isDateTime,
  isDuration,
  KUBERNETES_FORMATS,
} from '../../../validation/formats/string-formats';

const check = (format: string, value: string): boolean | undefined => formatInfo(format)?.check(value);

describe('string formats, as kube-openapi strfmt validates them', () => {
  test('the registry holds exactly the formats the API server keeps for CRDs', () => {
    expect(Object.keys(KUBERNETES_FORMATS).sort()).toEqual(
      [
        'bsonobjectid',
        'byte',
        'cidr',
        'creditcard',
        'date',
        'datetime',
        'duration',
        'email',
        'hexcolor',
        'hostname',
        'ipv4',
        'ipv6',
        'isbn',
        'isbn10',
        'isbn13',
        'mac',
        'password',
        'rgbcolor',
        'ssn',
        'uri',
        'uuid',
        'uuid3',
        'uuid4',
        'uuid5',
      ].sort(),
    );
    for (const [name, info] of Object.entries(KUBERNETES_FORMATS))
      expect([name, info.check(info.example)]).toEqual([name, true]);
  });

  test('unknown formats and int32/int64 are ignored; names are normalised without dashes', () => {
    expect(formatInfo('int32')).toBeUndefined();
    expect(formatInfo('int64')).toBeUndefined();
    expect(formatInfo('quantity')).toBeUndefined();
    expect(formatInfo('date-time')).toBe(KUBERNETES_FORMATS.datetime);
  });

  test('date-time follows strfmt.IsDateTime', () => {
    expect(isDateTime('2025-01-31T15:04:05Z')).toBe(true);
    expect(isDateTime('2025-01-31T15:04:05.999999999-07:00')).toBe(true);
    expect(isDateTime('2025-01-31T15:04:05')).toBe(false); // no offset
    expect(isDateTime('2025-13-01T00:00:00Z')).toBe(false);
    expect(isDateTime('2025-04-31T00:00:00Z')).toBe(false);
    expect(isDateTime('2025-01-31T23:59:60Z')).toBe(false);
    expect(isDateTime('yesterday')).toBe(false);
  });

  test('duration: Go time.ParseDuration or strfmt unit words', () => {
    for (const ok of ['1h30m', '-1.5h', '0', '300ms', '2 days', '1 week', '10min', '5 hours'])
      expect([ok, isDuration(ok)]).toEqual([ok, true]);
    for (const bad of ['', 'soon', '1x', 'h', '1 fortnight', '.s'])
      expect([bad, isDuration(bad)]).toEqual([bad, false]);
  });

  test('network formats follow Go net parsing', () => {
    expect(check('ipv4', '010.0.0.1')).toBe(true); // ParseIPSloppy allows leading zeros
    expect(check('ipv4', '::ffff:1.2.3.4')).toBe(true); // parses and has a dot
    expect(check('ipv4', '256.0.0.1')).toBe(false);
    expect(check('ipv6', '2001:db8::1')).toBe(true);
    expect(check('ipv6', '1.2.3.4')).toBe(false);
    expect(check('ipv6', '1:2:3:4:5:6:7:8:9')).toBe(false);
    expect(check('cidr', '10.0.0.0/8')).toBe(true);
    expect(check('cidr', '10.0.0.0/33')).toBe(false);
    expect(check('cidr', 'fd00::/64')).toBe(true);
    expect(check('mac', '00:00:5e:00:53:01')).toBe(true);
    expect(check('mac', '0000.5e00.5301')).toBe(true);
    expect(check('mac', '00:00:5e:00:53')).toBe(false);
    expect(check('mac', '00:00-5e:00:53:01')).toBe(false);
    expect(check('hostname', 'ip-10-0-0-1.ec2.internal')).toBe(true);
    expect(check('hostname', '-bad-.example')).toBe(false);
    expect(check('uri', 'https://user@example.com:8443/p?q=1')).toBe(true);
    expect(check('uri', '/relative/path')).toBe(true);
    expect(check('uri', 'relative/path')).toBe(false);
    expect(check('uri', 'https://example.com:port/')).toBe(false);
    expect(check('uri', '/bad%zz')).toBe(false);
    expect(check('email', 'ops@example.com')).toBe(true);
    expect(check('email', 'Ops Team <ops@example.com>')).toBe(true);
    expect(check('email', 'ops.example.com')).toBe(false);
    expect(check('email', 'a..b@example.com')).toBe(false);
  });

  test('checksummed and pattern formats', () => {
    expect(check('isbn10', '0-321-75104-3')).toBe(true);
    expect(check('isbn10', '0321751044')).toBe(false);
    expect(check('isbn13', '9780321751041')).toBe(true);
    expect(check('isbn', '9780321751042')).toBe(false);
    expect(check('creditcard', '4111-1111-1111-1111')).toBe(true);
    expect(check('creditcard', '4111111111111112')).toBe(false);
    expect(check('ssn', '123 45 6789')).toBe(true);
    expect(check('ssn', '123456789')).toBe(false);
    expect(check('byte', 'aGk=')).toBe(true);
    expect(check('byte', 'aGk')).toBe(false);
    expect(check('byte', '')).toBe(false);
    expect(check('uuid', '123E4567E89B12D3A456426614174000')).toBe(true);
    expect(check('uuid4', '123e4567-e89b-12d3-a456-426614174000')).toBe(false);
    expect(check('bsonobjectid', '507f1f77bcf86cd79943901')).toBe(false);
    expect(check('rgbcolor', 'rgb(0, 128,255)')).toBe(true);
    expect(check('rgbcolor', 'rgb(256,0,0)')).toBe(false);
    expect(check('hexcolor', 'fff')).toBe(true);
    expect(check('date', '2024-02-29')).toBe(true);
    expect(check('date', '2023-02-29')).toBe(false);
    expect(check('password', '')).toBe(true);
  });
});
