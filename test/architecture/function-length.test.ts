/**
 * No function of the hand-written sources is longer than 120 lines, except the data tables named
 * below (a function that only builds a table of cases reads best whole).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

const ROOT = resolve(__dirname, '..', '..');
const MAX_LINES = 120;
/** Generated, built or foreign code, and the tests. */
const SKIPPED = new Set(['node_modules', 'imports', 'dist', 'build', 'lib', 'test', 'examples']);
/** Functions that are data tables: `file:function`. */
const DATA_TABLES = new Set(['policies/scenarios/controller-scenarios.ts:coreControllerScenarios']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.') || SKIPPED.has(e.name)) return [];
    const full = join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name !== undefined) return named.name.getText();
  const parent = node.parent as { name?: ts.Node };
  return parent.name !== undefined ? parent.name.getText() : '<anonymous>';
}

describe('functions', () => {
  it(`are at most ${MAX_LINES} lines, data tables aside`, () => {
    const long: string[] = [];
    for (const file of sources(ROOT)) {
      const rel = relative(ROOT, file).split(sep).join('/');
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
          const from = source.getLineAndCharacterOfPosition(node.getStart()).line;
          const to = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          const name = `${rel}:${nameOf(node)}`;
          if (to - from + 1 > MAX_LINES && !DATA_TABLES.has(name))
            long.push(`${name} (${to - from + 1} lines)`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(long).toEqual([]);
  });
});
