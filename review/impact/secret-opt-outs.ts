/**
 * Secret-scan opt-outs, made visible in the impact report: the values of the new dist/ that the
 * secret scan flags (they got there only through a `# karpenter-gitops: allow-secret <reason>`
 * comment in a fleet file, or by hand), and every opt-out comment in the fleet files with its
 * reason. The secrets themselves are never shown.
 */
import * as fs from 'fs';
import * as path from 'path';
import { DistFiles } from '../../model';
import { ALLOW_SECRET } from '../../model/stages';
import { secretFindings } from '../../validation/secret-findings';

export interface AllowedSecret {
  /** Path relative to dist/. */
  readonly file: string;
  readonly line: number;
  /** Field path inside the document. */
  readonly path: string;
  /** e.g. `a GitHub token`. */
  readonly kind: string;
}

export interface OptOutComment {
  /** As given, e.g. `clusters/ticketing.yaml`. */
  readonly file: string;
  readonly line: number;
  readonly reason: string;
}

export function allowedSecretsIn(files: DistFiles): AllowedSecret[] {
  const sources = [...files]
    .filter(([rel]) => /\.(ya?ml|json)$/.test(rel))
    .map(([rel, text]) => ({ display: rel, rel, text }));
  const scan = secretFindings(sources);
  return scan.findings
    .map((f, i) => ({ file: f.file, line: f.line, path: f.path, kind: scan.secrets[i].kind }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

/** Every opt-out comment in the fleet files of `clustersDir` (none when it does not exist). */
export function optOutComments(clustersDir: string, shownAs: string): OptOutComment[] {
  if (!fs.existsSync(clustersDir)) return [];
  const out: OptOutComment[] = [];
  for (const name of fs
    .readdirSync(clustersDir)
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    fs.readFileSync(path.join(clustersDir, name), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const m = ALLOW_SECRET.exec(line);
        if (m)
          out.push({ file: `${shownAs}/${name}`, line: i + 1, reason: m[1].trim() || '(no reason given)' });
      });
  }
  return out;
}
