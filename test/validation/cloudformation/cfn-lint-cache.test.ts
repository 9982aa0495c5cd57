import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cfnLintCacheDir,
  cfnLintCacheKey,
  cfnLintConfigs,
  cfnLintEnvironment,
  homeFolder,
  pruneCache,
  readCachedFindings,
  writeCachedFindings,
} from '../../../validation/cloudformation/cfn-lint-cache';
import { Finding } from '../../../validation/finding';

const IDENTITY = 'cfn-lint 1.51.0 /venv/lib/cfnlint/__init__.py 1779000000000000000';
const TEMPLATE = '{"AWSTemplateFormatVersion":"2010-09-09","Resources":{}}\n';

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kg-cache-test-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The text of configs that are expected to be cacheable. */
function configText(cwd: string, home: string): string {
  const c = cfnLintConfigs(cwd, home);
  if (!('text' in c)) throw new Error(`expected cacheable configs, got: ${c.uncached}`);
  return c.text;
}

describe('cfnLintCacheDir', () => {
  test('under XDG_CACHE_HOME when it is set', () => {
    expect(cfnLintCacheDir({ XDG_CACHE_HOME: '/var/cache/me' }, '/home/me')).toBe(
      '/var/cache/me/karpenter-gitops/cfn-lint',
    );
  });

  test('under ~/.cache when XDG_CACHE_HOME is unset or empty', () => {
    expect(cfnLintCacheDir({}, '/home/me')).toBe('/home/me/.cache/karpenter-gitops/cfn-lint');
    expect(cfnLintCacheDir({ XDG_CACHE_HOME: '' }, '/home/me')).toBe(
      '/home/me/.cache/karpenter-gitops/cfn-lint',
    );
  });
});

describe('homeFolder', () => {
  test("HOME when it is set, else the user's home folder", () => {
    expect(homeFolder({ HOME: '/home/ci' })).toBe('/home/ci');
    expect(homeFolder({})).toBe(homedir());
    expect(homeFolder({ HOME: '' })).toBe(homedir());
  });
});

describe('cfnLintConfigs', () => {
  test('no configuration file: an empty text', () => {
    expect(cfnLintConfigs(folder(), folder())).toEqual({ text: '' });
  });

  test('a .cfnlintrc in the working folder or the home folder is part of the text, and of the key', () => {
    const cwd = folder();
    const home = folder();
    const none = configText(cwd, home);
    writeFileSync(join(cwd, '.cfnlintrc'), 'ignore_checks:\n  - W3005\n');
    const inCwd = configText(cwd, home);
    expect(inCwd).toBe(`${join(cwd, '.cfnlintrc')}\0ignore_checks:\n  - W3005\n`);
    writeFileSync(join(home, '.cfnlintrc'), 'regions:\n  - eu-west-1\n');
    const both = configText(cwd, home);
    expect(both).toBe(
      `${join(home, '.cfnlintrc')}\0regions:\n  - eu-west-1\n\0${join(cwd, '.cfnlintrc')}\0ignore_checks:\n  - W3005\n`,
    );
    const keys = [none, inCwd, both].map((c) => cfnLintCacheKey(IDENTITY, c, 'a.json', TEMPLATE));
    expect(new Set(keys).size).toBe(3);
  });

  test('~/.cfnlintrc.yaml and ~/.cfnlintrc.yml count too (cfn-lint reads them in the home folder)', () => {
    const cwd = folder();
    const home = folder();
    writeFileSync(join(home, '.cfnlintrc.yml'), 'ignore_checks:\n  - E3002\n');
    expect(configText(cwd, home)).toBe(`${join(home, '.cfnlintrc.yml')}\0ignore_checks:\n  - E3002\n`);
    writeFileSync(join(home, '.cfnlintrc.yaml'), 'override_spec: spec.json\n');
    expect(cfnLintConfigs(cwd, home)).toEqual({
      uncached: `${join(home, '.cfnlintrc.yaml')} names files outside the template (override_spec)`,
    });
  });

  test('a configuration naming other files is not cached, and says which file and which key', () => {
    const cwd = folder();
    writeFileSync(join(cwd, '.cfnlintrc.yaml'), 'append_rules:\n  - ./rules\n');
    expect(cfnLintConfigs(cwd, folder())).toEqual({
      uncached: `${join(cwd, '.cfnlintrc.yaml')} names files outside the template (append_rules)`,
    });
  });
});

describe('cfnLintEnvironment', () => {
  test("the region variables cfn-lint's default region comes from, when set; nothing otherwise", () => {
    expect(cfnLintEnvironment({ HOME: '/h', PATH: '/bin' })).toBe('');
    expect(cfnLintEnvironment({ AWS_REGION: 'eu-west-1' })).toBe('\0AWS_REGION=eu-west-1');
    expect(cfnLintEnvironment({ AWS_DEFAULT_REGION: 'us-west-2', AWS_REGION: 'eu-west-1' })).toBe(
      '\0AWS_REGION=eu-west-1\0AWS_DEFAULT_REGION=us-west-2',
    );
  });
});

describe('cfnLintCacheKey', () => {
  const key = (over: Partial<{ identity: string; configs: string; file: string; text: string }> = {}) =>
    cfnLintCacheKey(
      over.identity ?? IDENTITY,
      over.configs ?? '',
      over.file ?? 'dist/a/cloudformation/karpenter.json',
      over.text ?? TEMPLATE,
    );

  test('a sha256 in hex, the same for the same inputs', () => {
    expect(key()).toMatch(/^[0-9a-f]{64}$/);
    expect(key()).toBe(key());
  });

  test('another template of the same extension and text has the same key (the name is not part of it)', () => {
    expect(key({ file: 'dist/b/cloudformation/karpenter.json' })).toBe(key());
  });

  test('changes with the identity, the configurations, the extension and the text', () => {
    const keys = [
      key(),
      key({ identity: IDENTITY.replace('1.51.0', '1.52.0') }),
      key({ identity: IDENTITY.replace(/\d+$/, '1779000000000000001') }),
      key({ configs: '/p/.cfnlintrc\0regions: [eu-west-1]\n' }),
      key({ file: 'dist/a/cloudformation/karpenter.yaml' }),
      key({ text: TEMPLATE.replace('{}', '{"Q":{"Type":"AWS::SQS::Queue"}}') }),
      key({ text: TEMPLATE.trimEnd() }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('undefined for a template that names other files (override_spec in its cfn-lint metadata)', () => {
    const text = JSON.stringify({
      Metadata: { 'cfn-lint': { config: { override_spec: 'spec.json' } } },
      Resources: {},
    });
    expect(key({ text })).toBeUndefined();
  });
});

describe('readCachedFindings and writeCachedFindings', () => {
  const KEY = 'a'.repeat(64);
  const finding: Finding = {
    file: 'dist/a/cloudformation/karpenter.json',
    document: 0,
    severity: 'error',
    line: 12,
    col: 9,
    path: 'Resources.Queue.Properties.Bogus',
    message: "E3002: Additional properties are not allowed ('Bogus' was unexpected)",
    check: 'cloudformation/cfn-lint',
  };

  test('a round trip keeps every field but the file and the document', () => {
    const dir = folder();
    const warning: Finding = { ...finding, severity: 'warning', line: 3, col: 1, path: '', message: 'W1: w' };
    writeCachedFindings(dir, KEY, [finding, warning]);
    expect(readCachedFindings(dir, KEY)).toStrictEqual([
      {
        severity: 'error',
        line: 12,
        col: 9,
        path: 'Resources.Queue.Properties.Bogus',
        message: "E3002: Additional properties are not allowed ('Bogus' was unexpected)",
        check: 'cloudformation/cfn-lint',
      },
      { severity: 'warning', line: 3, col: 1, path: '', message: 'W1: w', check: 'cloudformation/cfn-lint' },
    ]);
  });

  test('a clean template is cached as no findings (not as a miss)', () => {
    const dir = folder();
    writeCachedFindings(dir, KEY, []);
    expect(readCachedFindings(dir, KEY)).toEqual([]);
  });

  test('a read marks the file as used (its modification time)', () => {
    const dir = folder();
    writeCachedFindings(dir, KEY, [finding]);
    const file = join(dir, `${KEY}.json`);
    utimesSync(file, new Date(1_000_000), new Date(1_000_000));
    const before = Date.now();
    expect(readCachedFindings(dir, KEY)).toHaveLength(1);
    expect(statSync(file).mtimeMs).toBeGreaterThanOrEqual(before - 1000);
  });

  test('a missing file is a miss', () => {
    expect(readCachedFindings(folder(), KEY)).toBeUndefined();
  });

  test.each([
    ['corrupt JSON', '{"format":"karpenter-gitops cfn-lint cache 1","findings":['],
    ['another format', JSON.stringify({ format: 'karpenter-gitops cfn-lint cache 0', findings: [] })],
    ['no findings array', JSON.stringify({ format: 'karpenter-gitops cfn-lint cache 1', findings: {} })],
    [
      'a finding of another shape',
      JSON.stringify({
        format: 'karpenter-gitops cfn-lint cache 1',
        findings: [{ severity: 'info', line: 1, col: 1, path: '', message: 'm', check: 'c' }],
      }),
    ],
    ['JSON null', 'null'],
  ])('%s is a miss', (_what, text) => {
    const dir = folder();
    writeFileSync(join(dir, `${KEY}.json`), text);
    expect(readCachedFindings(dir, KEY)).toBeUndefined();
  });
});

describe('pruneCache', () => {
  function entries(dir: string, n: number): void {
    for (let i = 0; i < n; i++) {
      const file = join(dir, `${String(i).padStart(64, '0')}.json`);
      writeFileSync(file, '{}\n');
      // Entry i was last used i + 1 thousand seconds after the epoch: the higher i, the newer.
      utimesSync(file, new Date((i + 1) * 1_000_000), new Date((i + 1) * 1_000_000));
    }
  }

  test('keeps the newest N by modification time and leaves other files alone', () => {
    const dir = folder();
    entries(dir, 6);
    writeFileSync(join(dir, 'notes.txt'), 'not a cache entry\n');
    utimesSync(join(dir, 'notes.txt'), new Date(0), new Date(0));
    pruneCache(dir, 3);
    expect(readdirSync(dir).sort()).toEqual([
      `${String(3).padStart(64, '0')}.json`,
      `${String(4).padStart(64, '0')}.json`,
      `${String(5).padStart(64, '0')}.json`,
      'notes.txt',
    ]);
  });

  test('a file that was read is kept over older-written ones', () => {
    const dir = folder();
    entries(dir, 3);
    const oldest = String(0).padStart(64, '0');
    writeFileSync(
      join(dir, `${oldest}.json`),
      JSON.stringify({ format: 'karpenter-gitops cfn-lint cache 1', findings: [] }),
    );
    utimesSync(join(dir, `${oldest}.json`), new Date(1), new Date(1));
    expect(readCachedFindings(dir, oldest)).toEqual([]);
    pruneCache(dir, 1);
    expect(readdirSync(dir)).toEqual([`${oldest}.json`]);
  });

  test('nothing is deleted at or under the limit, and a missing folder is no error', () => {
    const dir = folder();
    entries(dir, 3);
    pruneCache(dir, 3);
    expect(readdirSync(dir)).toHaveLength(3);
    expect(() => pruneCache(join(dir, 'missing'), 0)).not.toThrow();
  });
});
