/**
 * The case generator itself: deterministic per seed, at least 500 cases, each one a real
 * change of the example fleet, and the YAML edits it relies on do what they claim.
 */
import { parseDocument } from 'yaml';
import { exampleFleetRoot, readExampleFleet } from './example-fleet';
import { deriveCases } from './mutators';
import { createPrng, DEFAULT_FUZZ_SEED, fuzzSeedFromEnv } from './prng';
import { addRawPair, duplicatePair, renameKey, setRawValue } from './yaml-edit';

const sources = readExampleFleet(exampleFleetRoot());

describe('prng', () => {
  it('is a pure function of the seed', () => {
    const a = createPrng(42);
    const b = createPrng(42);
    const c = createPrng(43);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('reads FUZZ_SEED, defaults to a fixed seed and refuses garbage', () => {
    expect(fuzzSeedFromEnv({})).toBe(DEFAULT_FUZZ_SEED);
    expect(fuzzSeedFromEnv({ FUZZ_SEED: '7' })).toBe(7);
    expect(() => fuzzSeedFromEnv({ FUZZ_SEED: 'abc' })).toThrow('FUZZ_SEED must be an integer');
  });

  it('samples without repetition', () => {
    const picked = createPrng(1).sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(picked).size).toBe(4);
  });
});

describe('deriveCases', () => {
  const cases = deriveCases(sources, DEFAULT_FUZZ_SEED);

  it('derives at least 500 cases with unique ids', () => {
    expect(cases.length).toBeGreaterThanOrEqual(500);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it('is deterministic for a seed and changes with the seed', () => {
    const again = deriveCases(sources, DEFAULT_FUZZ_SEED);
    expect(again.map((c) => c.description)).toEqual(cases.map((c) => c.description));
    expect(again[0].files).toEqual(cases[0].files);
    const other = deriveCases(sources, DEFAULT_FUZZ_SEED + 1);
    expect(other.map((c) => c.description)).not.toEqual(cases.map((c) => c.description));
  });

  it('changes at least one file of the example in every case', () => {
    const original = new Map(sources.map((s) => [s.path, s.text]));
    const unchanged = cases.filter((c) => c.files.every((f) => f.content === original.get(f.path)));
    expect(unchanged.map((c) => c.id)).toEqual([]);
  });

  it('marks alias bombs, deep nesting and huge inputs to run in a child process', () => {
    for (const c of cases.filter((x) => x.family === 'alias-bomb' || x.family === 'deep-nesting')) {
      expect(c.isolate).toBe(true);
    }
    expect(cases.filter((c) => c.isolate).length).toBeGreaterThanOrEqual(10);
  });

  it('builds the alias bomb as 9 levels of 10 aliases (a billion values if expanded)', () => {
    const bomb = cases.find((c) => c.description.includes('9 levels × 10 aliases (top level)'));
    const text = String(bomb?.files.find((f) => String(f.content).includes('fuzzLol9'))?.content);
    expect(text).toContain('fuzzLol0: &l0 "lol"');
    expect(text).toContain(`fuzzLol9: &l9 [${Array.from({ length: 10 }, () => '*l8').join(', ')}]`);
  });
});

describe('yaml-edit', () => {
  const text = 'a:\n  labels:\n    role: x\n  userData: |\n    echo hi\n';

  it('splices plain tokens unquoted, so YAML reinterprets them exactly as a user would have typed them', () => {
    const out = addRawPair(text, ['a', 'labels'], 'k', '0x1F');
    expect(out).toContain('    k: 0x1F\n');
    expect(parseDocument(out).getIn(['a', 'labels', 'k'])).toBe(31);
  });

  it('replaces a block scalar by a fresh plain node (the old style does not leak into the token)', () => {
    const out = setRawValue(text, ['a', 'userData'], '"x # y"');
    expect(parseDocument(out).getIn(['a', 'userData'])).toBe('x # y');
  });

  it('renames a key in place and duplicates a pair into a real YAML duplicate key', () => {
    expect(
      parseDocument(renameKey(text, ['a', 'labels'], '"l\\u0430bels"')).getIn(['a', 'lаbels', 'role']),
    ).toBe('x');
    const dup = duplicatePair(text, ['a', 'labels']);
    expect(dup).toBe('a:\n  labels:\n    role: x\n  labels:\n    role: x\n  userData: |\n    echo hi\n');
    expect(parseDocument(dup as string).errors.map((e) => e.code)).toEqual(['DUPLICATE_KEY']);
  });
});
