/** gitleaks' detectRule semantics: keywords, the secret group, entropy, allowlists, positions. */
import {
  compileAllowlists,
  compileRules,
  keywordIndex,
  runRules,
  shannonEntropy,
} from '../../../model/shared/secret-rules';

const rule = (over: Partial<Parameters<typeof compileRules>[0][number]> = {}) =>
  compileRules([{ id: 'r', description: 'r', regex: 'key=([a-z0-9]+)', keywords: ['key='], ...over }]);

describe('runRules', () => {
  it('reports the first non-empty group as the secret, at its own offset', () => {
    expect(runRules('x key=abc123 y', rule(), [])).toEqual([{ ruleId: 'r', start: 6, end: 12 }]);
  });

  it('runs a rule only when the lower-cased text holds one of its keywords', () => {
    expect(runRules('x KEY=abc123', rule({ regex: '(?:key|KEY)=([a-z0-9]+)' }), [])).toHaveLength(1);
    expect(runRules('x key:abc123', rule({ regex: 'key:([a-z0-9]+)' }), [])).toEqual([]);
  });

  it('drops a secret whose entropy is not above the threshold', () => {
    expect(runRules('key=aaaaaaaa', rule({ entropy: 1 }), [])).toEqual([]);
    expect(runRules('key=a1b2c3d4', rule({ entropy: 1 }), [])).toHaveLength(1);
  });

  it('applies stop words and allowlist regexes to the secret, the match or the line', () => {
    const allow = (target: 'secret' | 'match' | 'line', regexes: string[], stopwords: string[] = []) =>
      rule({ allowlists: [{ target, all: false, regexes, stopwords }] });
    expect(runRules('key=example123', allow('secret', [], ['example']), [])).toEqual([]);
    expect(runRules('key=abc123', allow('match', ['^key=']), [])).toEqual([]);
    expect(runRules('# test\nkey=abc123 # fixture', allow('line', ['fixture']), [])).toEqual([]);
    expect(runRules('key=abc123', allow('secret', ['^key=']), [])).toHaveLength(1);
    const global = compileAllowlists([{ target: 'secret', all: false, regexes: ['^abc'], stopwords: [] }]);
    expect(runRules('key=abc123', rule(), global)).toEqual([]);
  });

  it('with condition AND, every condition must hold', () => {
    const r = rule({ allowlists: [{ target: 'secret', all: true, regexes: ['^abc'], stopwords: ['zzz'] }] });
    expect(runRules('key=abc123', r, [])).toHaveLength(1);
    expect(runRules('key=abczzz', r, [])).toEqual([]);
  });
});

describe('shannonEntropy', () => {
  it('is bits per byte, as gitleaks computes it', () => {
    expect(shannonEntropy('')).toBe(0);
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBe(2);
  });
});

describe('keywordIndex', () => {
  it('finds every keyword present in one pass, also keywords that start where a longer one does', () => {
    const rules = compileRules([
      { id: 'a', description: '', regex: 'x', keywords: ['sk_live', 'sk_'] },
      { id: 'b', description: '', regex: 'x', keywords: ['api', 'apikey', 'key'] },
      { id: 'c', description: '', regex: 'x', keywords: ['absent'] },
    ]);
    expect([...keywordIndex(rules).present('use sk_live and my apikey')].sort()).toEqual([
      'api',
      'apikey',
      'key',
      'sk_',
      'sk_live',
    ]);
  });
});
