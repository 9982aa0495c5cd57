/**
 * The team's own secret patterns for `validate`: `secretPatterns` of the `clusters/_defaults.yaml`
 * beside the folder being validated (the nearest `clusters/_defaults.yaml` walking up from each
 * path, as in a repository laid out like this one), so that `validate dist/` refuses what
 * `synth` refuses. A pattern the scan cannot evaluate is an error at its line.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, Scalar } from 'yaml';
import { Re2SyntaxError } from '../model';
import { compileCustomRules, CustomSecretRules } from '../model/stages';
import { Finding } from './finding';

export interface TeamPatterns {
  readonly rules?: CustomSecretRules;
  /** The defaults file read, relative to the working folder. */
  readonly file?: string;
  readonly findings: readonly Finding[];
}

/** The nearest `clusters/_defaults.yaml` at or above `path`. */
function defaultsFileFor(path: string): string | undefined {
  let dir = resolve(path);
  if (existsSync(dir) && !statSync(dir).isDirectory()) dir = dirname(dir);
  for (;;) {
    const candidate = join(dir, 'clusters', '_defaults.yaml');
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** The team's patterns for validating `paths`; none when no defaults file is found or it names none. */
export function teamSecretPatterns(paths: readonly string[], cwd: string): TeamPatterns {
  const found = paths.map((p) => defaultsFileFor(resolve(cwd, p))).find((f) => f !== undefined);
  if (found === undefined) return { findings: [] };
  const file = relative(cwd, found).split(sep).join('/');
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(found, 'utf8'), { lineCounter: lines });
  const list = isMap(doc.contents) ? doc.contents.get('secretPatterns', true) : undefined;
  if (!isSeq(list)) return { file, findings: [] };
  const usable: { id: string; regex: string; entropy?: number }[] = [];
  const findings: Finding[] = [];
  list.items.forEach((item, i) => {
    const json = (isMap(item) ? item.toJSON() : undefined) as Record<string, unknown> | undefined;
    const { id, regex, entropy } = json ?? {};
    if (
      typeof id !== 'string' ||
      typeof regex !== 'string' ||
      !(entropy === undefined || typeof entropy === 'number')
    )
      return; // the fleet's schema reports it (`check`, `synth`)
    try {
      compileCustomRules([{ id, regex }]);
      usable.push({ id, regex, ...(typeof entropy === 'number' ? { entropy } : {}) });
    } catch (e) {
      if (!(e instanceof Re2SyntaxError) && !(e instanceof SyntaxError)) throw e;
      const node = isMap(item) ? (item.get('regex', true) as Scalar | undefined) : undefined;
      const at = lines.linePos(node?.range?.[0] ?? 0);
      findings.push({
        severity: 'error',
        file,
        line: at.line,
        col: at.col,
        path: `secretPatterns[${i}].regex`,
        check: 'secret',
        message: `this team pattern is not a Go (RE2) regular expression the scan can evaluate (${e.message}), so validate cannot apply it`,
        fix: 'Write the pattern in RE2 syntax as gitleaks rules are written, e.g. acme_[a-z0-9]{32}',
      });
    }
  });
  return { rules: compileCustomRules(usable), file, findings };
}
