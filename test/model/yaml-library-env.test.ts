import { LineCounter, parseAllDocuments } from 'yaml';
import { YAML_LIBRARY_ENV_KEYS, yamlLibraryEnv } from '../../model/yaml-library-env';
import { parseFleetSource } from '../../model/yaml-source';

describe('yamlLibraryEnv', () => {
  it('keeps only the switches the yaml library reads, with their values', () => {
    const env = yamlLibraryEnv({ PATH: '/bin', LOG_STREAM: '1', HOME: '/root' });
    expect(env).toEqual({ LOG_STREAM: '1' });
    expect(Object.getPrototypeOf(env)).toBe(Object.prototype);
  });

  it('leaves unset switches unset', () => {
    expect(yamlLibraryEnv({ PATH: '/bin' })).toEqual({});
    expect(Object.keys(yamlLibraryEnv({ LOG_TOKENS: '', LOG_STREAM: 'x' })).sort()).toEqual([
      'LOG_STREAM',
      'LOG_TOKENS',
    ]);
  });

  it('names both switches', () => {
    expect(YAML_LIBRARY_ENV_KEYS).toEqual(['LOG_TOKENS', 'LOG_STREAM']);
  });
});

describe('parseFleetSource and the environment', () => {
  it('puts the real process.env back after a parse, a syntax error and hostile nesting', () => {
    const real = process.env;
    for (const text of ['a: 1\n', 'a: "unclosed\n', '['.repeat(20000) + ']'.repeat(20000)]) {
      parseFleetSource('clusters/x.yaml', text);
      expect(process.env).toBe(real);
    }
  });

  it('gives the library the values of its switches while it parses', () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    process.env.LOG_TOKENS = '1';
    try {
      parseFleetSource('clusters/x.yaml', 'a: 1\n');
    } finally {
      delete process.env.LOG_TOKENS;
    }
    // The library prints each token when LOG_TOKENS is set: the same as calling it directly.
    const printed = log.mock.calls.length;
    log.mockClear();
    process.env.LOG_TOKENS = '1';
    try {
      parseAllDocuments('a: 1\n', { lineCounter: new LineCounter() });
    } finally {
      delete process.env.LOG_TOKENS;
    }
    expect(printed).toBeGreaterThan(0);
    expect(printed).toBe(log.mock.calls.length);
    log.mockRestore();
  });
});
