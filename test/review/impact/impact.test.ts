import * as fs from 'fs';
import * as path from 'path';
import { distPaths } from '../../../model/shared/dist-layout';
import { runCommand } from '../../../io/command';
import { impactCommand, ImpactOptions, runImpact } from '../../../review/impact/impact';

/** Options as the command frame hands them to the command. */
function opts(o: Partial<ImpactOptions>): ImpactOptions {
  return { dist: 'dist', positional: [], format: 'markdown', ...o };
}
import { REPORT_MARKER } from '../../../review/impact/render-markdown';
import { exampleObjects, Obj, setPath, toDistFiles, writeTree } from '../dist-fixtures';
import { repoWithBase } from '../git-fixtures';

describe('npm run impact', () => {
  it('--base: reports the alias change, the limit change and the deleted pool in Markdown', () => {
    const { project } = repoWithBase();
    const md = runImpact(opts({ base: 'base' }), project);
    expect(md.startsWith(`${REPORT_MARKER}\n## Karpenter impact report`)).toBe(true);
    expect(md).toContain('Compared `base:dist` → `dist`.');
    expect(md).toContain(
      '> **Nodes will be replaced** in 1 NodePool: dataops/batch. **1 NodePool deleted with all their nodes**: dataops/edge.',
    );
    expect(md).toContain('| dataops | EC2NodeClass/dataops | changed (1 field) | **yes**: batch |');
    expect(md).toContain('| dataops | NodePool/edge | removed | **deletes nodes** |');
    expect(md).toContain('| ticketing | NodePool/loadtest | changed (1 field) | no |');
    expect(md).toContain(
      '- `spec.limits.cpu`: `100` → `500` — no: limits: behavioural setting, not considered for drift',
    );
    expect(md).toContain(
      '| dataops | batch | **yes** | EC2NodeClass dataops: AMI alias al2023@v20260714 → al2023@v20260625: a different pinned release resolves to different AMIs, every node of the class drifts (AMIDrift) | 10% |',
    );
  });

  it('two folders, JSON: the same facts with field paths and raw values', () => {
    const before = writeTree(toDistFiles(exampleObjects()));
    const after = exampleObjects();
    setPath(after.get(distPaths.nodePool('ticketing', 'loadtest')) as Obj, 'spec.weight', 10);
    const json = JSON.parse(
      runImpact(opts({ positional: [before, writeTree(toDistFiles(after))], format: 'json' }), '/'),
    ) as {
      totals: Record<string, number>;
      clusters: {
        name: string;
        resources: {
          kind: string;
          impact: string;
          fields: { path: string; change: string; after: unknown; impact: string }[];
        }[];
      }[];
    };
    expect(json.totals).toEqual({
      resourcesChanged: 1,
      poolsReplaced: 0,
      poolsMaybeReplaced: 0,
      poolsDeleted: 0,
    });
    expect(json.clusters[0].name).toBe('ticketing');
    expect(json.clusters[0].resources[0]).toMatchObject({ kind: 'NodePool', impact: 'none' });
    expect(json.clusters[0].resources[0].fields).toEqual([
      {
        path: 'spec.weight',
        change: 'added',
        before: null,
        after: 10,
        impact: 'none',
        reason: 'weight: behavioural setting, not considered for drift',
      },
    ]);
  });

  it('is deterministic: the same input gives byte-identical output', () => {
    const { project } = repoWithBase();
    const a = runImpact(opts({ base: 'base', format: 'json' }), project);
    const b = runImpact(opts({ base: 'base', format: 'json' }), project);
    expect(a).toBe(b);
  });

  it('exit codes: 2 for usage errors, 1 for unreadable input, 0 with --output', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l), cwd: '/' };
    const main = (argv: string[]) => runCommand('impact', impactCommand, argv, io);
    expect(await main(['--help'])).toBe(0);
    expect(out[0]).toContain('usage: karpenter-gitops impact [--base GIT-REF]');
    expect(out[0]).toContain('       karpenter-gitops impact OLD_DIST NEW_DIST');
    expect(await main(['only-one-folder'])).toBe(2);
    expect(err[0]).toBe('karpenter-gitops impact: give --base <git-ref> or two dist folders.');
    expect(await main(['--base', 'x', 'a', 'b'])).toBe(2);
    expect(await main(['--format', 'html', 'a', 'b'])).toBe(2);
    expect(err).toContain("karpenter-gitops impact: --format must be one of markdown, json, not 'html'.");
    expect(await main(['a', 'b', 'c'])).toBe(2);
    expect(err).toContain("karpenter-gitops impact: unexpected argument 'c'.");
    err.length = 0;
    expect(await main(['/does/not/exist', '/nor/this'])).toBe(1);
    expect(err.join('\n')).toContain('/does/not/exist: folder does not exist.');
    const report = path.join(writeTree(new Map()), 'report.md');
    const dir = writeTree(toDistFiles(exampleObjects()));
    expect(await main([dir, dir, '--output', report])).toBe(0);
    expect(fs.readFileSync(report, 'utf8')).toContain(
      'No existing node is replaced or deleted (0 changed resources).',
    );
  });
});

describe('impact --base: untracked files in dist/', () => {
  it('flags files git does not track, with their dist/ paths, in markdown and JSON', () => {
    const { project } = repoWithBase();
    const stray = path.join(project, 'dist', 'ticketing', 'karpenter', 'nodepool-stray.yaml');
    const loadtest = fs.readFileSync(
      path.join(project, 'dist', distPaths.nodePool('ticketing', 'loadtest')),
      'utf8',
    );
    fs.writeFileSync(stray, loadtest.replace(/name: loadtest/g, 'name: stray'));
    const md = runImpact(opts({ base: 'base' }), project);
    expect(md.split('\n')).toContain(
      '> ⚠️ 1 untracked file in dist/ is compared here but not committed, so Argo CD will not sync it: `ticketing/karpenter/nodepool-stray.yaml`. Commit it or delete it.',
    );
    const json = JSON.parse(runImpact(opts({ base: 'base', format: 'json' }), project));
    expect(json.untracked).toEqual(['ticketing/karpenter/nodepool-stray.yaml']);
  });
});
