import { isDurationOrNever, secondsToDuration, simplifyDuration } from '../../convert/durations';

test.each([
  [30, '30s'],
  [90, '90s'],
  [120, '2m'],
  [3600, '1h'],
  [2592000, '720h'],
  [0, '0s'],
])('%d seconds → %s', (s, d) => expect(secondsToDuration(s)).toBe(d));

test('kubectl spellings lose their zero parts', () => {
  expect(simplifyDuration('720h0m0s')).toBe('720h');
  expect(simplifyDuration('1h30m0s')).toBe('1h30m');
  expect(simplifyDuration('0s')).toBe('0s');
  expect(simplifyDuration('Never')).toBe('Never');
});

test('Karpenter duration pattern or Never', () => {
  expect(isDurationOrNever('10m')).toBe(true);
  expect(isDurationOrNever('Never')).toBe(true);
  expect(isDurationOrNever('30d')).toBe(false);
  expect(isDurationOrNever('1.5h')).toBe(false);
});
