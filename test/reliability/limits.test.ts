/**
 * Bounded input: the loader's size limits (model/parse/yaml-source.ts) hold at their boundary and
 * say clearly what was exceeded. Each limit is tested just below (accepted) and just above
 * (refused with a diagnostic naming the file, the limit and a fix).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Diagnostic, UserError } from '../../model/shared/diagnostics';
import { loadFleetFromSources } from '../../model/load-fleet';
import { loadFleet } from '../../io/read-fleet';
import { MAX_NODE_POOLS } from '../../model/check/check-cluster';
import { MAX_USER_DATA_BYTES } from '../../model/check/node-class/check-node-class';
import { MAX_ANNOTATION_BYTES } from '../../model/check/node-pool/check-node-pool';
import {
  MAX_ALIAS_COUNT,
  MAX_DEPTH,
  MAX_EXPANDED_NODES,
  MAX_FILE_BYTES,
} from '../../model/parse/yaml-source';
import { exampleFleetRoot, readExampleFleet } from './example-fleet';
import { SourceFile } from './mutators';
import { addRawPair, listNodes, parse, setRawValue } from './yaml-edit';

const sources = readExampleFleet(exampleFleetRoot());
/** The first cluster file with a node pool, and that pool's labels map. */
const target = sources.find((s) => !s.path.includes('/_') && /^nodePools:/m.test(s.text)) as SourceFile;
const pool = listNodes(parse(target.text)).find((n) => n.path.length === 2 && n.path[0] === 'nodePools')
  ?.path[1] as string;

function load(text: string): { diagnostics: readonly Diagnostic[] } {
  try {
    loadFleetFromSources(sources.map((s) => (s === target ? { path: s.path, text } : s)));
    return { diagnostics: [] };
  } catch (e) {
    if (e instanceof UserError) return { diagnostics: e.diagnostics };
    throw e;
  }
}

function errorsOf(text: string): Diagnostic[] {
  return load(text).diagnostics.filter((d) => d.severity === 'error');
}

describe('input limits', () => {
  it('example fixture: the target file and pool exist', () => {
    expect(target).toBeDefined();
    expect(pool).toBeTruthy();
    expect(errorsOf(target.text)).toEqual([]);
  });

  describe(`file size (${MAX_FILE_BYTES} bytes)`, () => {
    const padTo = (bytes: number): string => {
      const body = target.text.endsWith('\n') ? target.text : `${target.text}\n`;
      const room = bytes - Buffer.byteLength(body) - 3; // "# " + "\n"
      return `${body}# ${'p'.repeat(room)}\n`;
    };

    it('accepts a file of exactly the limit', () => {
      const text = padTo(MAX_FILE_BYTES);
      expect(Buffer.byteLength(text)).toBe(MAX_FILE_BYTES);
      expect(errorsOf(text)).toEqual([]);
    });

    it('refuses one byte more, naming the file and the limit, without parsing it', () => {
      const text = padTo(MAX_FILE_BYTES + 1);
      expect(errorsOf(text)).toEqual([
        expect.objectContaining({
          file: target.path,
          line: 0,
          col: 0,
          path: '',
          message: expect.stringContaining('1 MiB'),
        }),
      ]);
    });

    it('refuses a 50 MB file on disk from its size alone (never read into memory)', () => {
      const root = mkdtempSync(join(tmpdir(), 'kg-limits-'));
      try {
        mkdirSync(join(root, 'clusters'));
        for (const s of sources) writeFileSync(join(root, s.path), s.text);
        writeFileSync(join(root, target.path), Buffer.alloc(50 * 1024 * 1024, 0x23));
        let error: unknown;
        try {
          loadFleet(root);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(UserError);
        const d = (error as UserError).diagnostics.find((x) => x.file === target.path);
        expect(d).toMatchObject({ line: 0, message: expect.stringMatching(/52428800 bytes.*1 MiB/) });
        expect(d?.fix).toBeTruthy();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  });

  describe(`aliases (${MAX_ALIAS_COUNT} per file)`, () => {
    const withAliases = (n: number): string => {
      let text = addRawPair(target.text, ['nodePools', pool, 'labels'], 'fuzz-anchor', '&v aliased');
      for (let i = 0; i < n; i++) text = addRawPair(text, ['nodePools', pool, 'labels'], `fuzz-a${i}`, '*v');
      return text;
    };

    it('accepts exactly the limit, each alias carrying the anchored value', () => {
      const text = withAliases(MAX_ALIAS_COUNT);
      const fleet = loadFleetFromSources(
        sources.map((s) => (s === target ? { path: s.path, text } : s)),
      ).fleet;
      const labels = fleet.clusters.flatMap((c) => c.nodePools).find((p) => p.name === pool)?.labels ?? {};
      expect(labels[`fuzz-a${MAX_ALIAS_COUNT - 1}`]).toBe('aliased');
    });

    it('refuses one alias more at the alias that crossed it', () => {
      const text = withAliases(MAX_ALIAS_COUNT + 1);
      const errors = errorsOf(text);
      const line = text.split('\n').findIndex((l) => l.includes(`fuzz-a${MAX_ALIAS_COUNT}:`)) + 1;
      expect(errors).toEqual([
        expect.objectContaining({
          file: target.path,
          line,
          message: `more than ${MAX_ALIAS_COUNT} YAML aliases in one file`,
        }),
      ]);
    });
  });

  it(`refuses an alias expansion beyond ${MAX_EXPANDED_NODES} values made with fewer than ${MAX_ALIAS_COUNT} aliases`, () => {
    // 99 aliases of one list of 1100 values: 108 900 values from 99 aliases.
    const inner = `[${Array.from({ length: 1100 }, (_, i) => `x${i}`).join(', ')}]`;
    const text = `${target.text.trimEnd()}\nfuzzInner: &inner ${inner}\nfuzzBomb: [${Array.from({ length: MAX_ALIAS_COUNT - 1 }, () => '*inner').join(', ')}]\n`;
    const errors = errorsOf(text);
    const lines = text.split('\n');
    // The value being expanded when the limit is crossed: inside the anchored list or at the alias.
    const where = [
      lines.findIndex((l) => l.startsWith('fuzzInner:')) + 1,
      lines.findIndex((l) => l.startsWith('fuzzBomb:')) + 1,
    ];
    const d = errors.find(
      (x) =>
        x.message ===
        `the document expands to more than ${MAX_EXPANDED_NODES} values through aliases (alias bomb?)`,
    );
    expect(d).toMatchObject({ file: target.path, fix: expect.any(String) });
    expect(where).toContain(d?.line);
  });

  describe(`nesting depth (${MAX_DEPTH} levels)`, () => {
    it('refuses a value nested deeper than the limit with the path where it starts', () => {
      const deep = `${'['.repeat(MAX_DEPTH + 5)}x${']'.repeat(MAX_DEPTH + 5)}`;
      const text = addRawPair(target.text, ['nodePools', pool, 'labels'], 'fuzz-deep', deep);
      const errors = errorsOf(text);
      expect(
        errors.some(
          (d) =>
            d.file === target.path && d.line >= 1 && d.message === `nesting deeper than ${MAX_DEPTH} levels`,
        ),
      ).toBe(true);
    });
  });

  it('refuses a map key longer than 1024 characters (YAML implicit key limit) with a diagnostic', () => {
    const text = addRawPair(target.text, ['nodePools', pool, 'labels'], 'k'.repeat(2000), 'v');
    const errors = errorsOf(text);
    expect(errors.length).toBeGreaterThan(0);
    for (const d of errors) {
      expect(d.file).toBe(target.path);
      expect(`${d.path} ${d.message} ${d.fix}`.length).toBeLessThan(1500);
    }
  });

  describe(`node pools per cluster (${MAX_NODE_POOLS})`, () => {
    const withPools = (n: number): string => {
      const nodeClass = String(parse(target.text).getIn(['nodePools', pool, 'nodeClass']));
      const existing = Object.keys((parse(target.text).toJS() as { nodePools: object }).nodePools).length;
      let text = target.text;
      for (let i = existing; i < n; i++)
        text = addRawPair(text, ['nodePools'], `fuzz-${i}`, `{ nodeClass: ${nodeClass} }`);
      return text;
    };

    it('accepts exactly the limit', () => {
      expect(errorsOf(withPools(MAX_NODE_POOLS))).toEqual([]);
    });

    it('refuses one more at the nodePools key, saying the limit', () => {
      const text = withPools(MAX_NODE_POOLS + 1);
      const line = text.split('\n').findIndex((l) => l.startsWith('nodePools:')) + 1;
      expect(errorsOf(text)).toEqual([
        expect.objectContaining({
          file: target.path,
          line,
          path: 'nodePools',
          message: `${MAX_NODE_POOLS + 1} node pools, more than the ${MAX_NODE_POOLS} a cluster may have`,
          fix: expect.any(String),
        }),
      ]);
    });
  });

  describe(`userData (${MAX_USER_DATA_BYTES} bytes, the EC2 limit)`, () => {
    const cls = listNodes(parse(target.text)).find(
      (n) =>
        n.path.length === 2 &&
        n.path[0] === 'nodeClasses' &&
        parse(target.text).getIn(['nodeClasses', n.path[1], 'bottlerocket']) === undefined,
    )?.path[1] as string;
    // A shell script (AL2023 userData must be one, a NodeConfig or MIME) of exactly `bytes` bytes.
    const SCRIPT = '#!/bin/sh\necho ';
    const withUserData = (bytes: number) =>
      setRawValue(
        target.text,
        ['nodeClasses', cls, 'userData'],
        JSON.stringify(SCRIPT + 'u'.repeat(bytes - SCRIPT.length)),
      );

    it('accepts exactly the limit', () => {
      expect(errorsOf(withUserData(MAX_USER_DATA_BYTES))).toEqual([]);
    });

    it('refuses one byte more at the field', () => {
      const text = withUserData(MAX_USER_DATA_BYTES + 1);
      const line = text.split('\n').findIndex((l) => l.includes('userData:')) + 1;
      expect(errorsOf(text)).toEqual([
        expect.objectContaining({
          file: target.path,
          line,
          path: `nodeClasses.${cls}.userData`,
          message: `userData is ${MAX_USER_DATA_BYTES + 1} bytes, more than the ${MAX_USER_DATA_BYTES} EC2 accepts`,
        }),
      ]);
    });
  });

  it(`refuses node pool annotations over ${MAX_ANNOTATION_BYTES} bytes (the Kubernetes limit) at the pool`, () => {
    const text = addRawPair(
      target.text,
      ['nodePools', pool, 'annotations'],
      'fuzz-big',
      'a'.repeat(MAX_ANNOTATION_BYTES),
    );
    const errors = errorsOf(text);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      file: target.path,
      message: expect.stringContaining(`more than the ${MAX_ANNOTATION_BYTES} Kubernetes accepts`),
    });
    expect(errors[0].path.startsWith(`nodePools.${pool}.annotations`)).toBe(true);
  });
});
