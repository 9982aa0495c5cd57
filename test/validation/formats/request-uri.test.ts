import { isRequestUri } from '../../../validation/formats/request-uri';

describe('url.ParseRequestURI', () => {
  test('absolute URIs, opaque URIs, absolute paths and *', () => {
    for (const ok of [
      'https://example.com',
      'http://u:p@host:8080/a/b?c#d',
      'mailto:ops@example.com',
      '/a/b',
      '*',
      'http://[::1]:80/',
      'http://h/%41',
      '//host/path' /* a path when there is no scheme */,
    ])
      expect([ok, isRequestUri(ok)]).toEqual([ok, true]);
  });

  test('relative references, bad ports, bad escapes, control bytes', () => {
    for (const bad of [
      '',
      'a/b',
      ':foo',
      'http://h:8a/',
      'http://h/%zz',
      'http://h\u0001/',
      'http://ho st/',
      'http://[::1/',
    ])
      expect([bad, isRequestUri(bad)]).toEqual([bad, false]);
  });
});
