import { execFileSync } from 'child_process';
import { existsSync } from 'fs';
import { resolve } from 'path';
import { UserError } from '../../../model/shared/diagnostics';
import { answerBase, baseInThisThread } from '../../../review/threads/base-prefetch';
import { readDistAtRef } from '../../../review/read-dist-git';
import { readDistDir } from '../../../review/read-dist-dir';
import { distPaths } from '../../../model/shared/dist-layout';
import { toolSourcesChangedSince } from '../../../review/tool-sources';
import { repoWithBase } from '../git-fixtures';

const ROOT = resolve(__dirname, '..', '..', '..');
const BUILT = resolve(ROOT, 'build', 'review', 'threads', 'check-work.js');

describe('the base, read while check works', () => {
  const { project } = repoWithBase();

  it('gives what reading it directly gives: the files at the revision and whether the tool changed', () => {
    const reader = baseInThisThread('base', 'dist', project);
    const direct = readDistAtRef('base', 'dist', project);
    expect([...reader.read()]).toEqual([...direct]);
    expect(direct.size).toBeGreaterThan(5);
    expect(reader.toolSources()).toBe(toolSourcesChangedSince('base', project));
  });

  it('throws the UserError reading throws, for a revision git does not know', () => {
    const reader = baseInThisThread('no-such-ref', 'dist', project);
    expect(() => reader.read()).toThrow(UserError);
    expect(() => reader.read()).toThrow(/git rev-parse failed/);
  });

  it('answers in a form a worker can post: files as entries, a user mistake as its diagnostics', () => {
    const good = answerBase('base', 'dist', project);
    expect(good.files?.length).toBe(readDistAtRef('base', 'dist', project).size);
    const bad = answerBase('no-such-ref', 'dist', project);
    expect(bad.files).toBeUndefined();
    expect(bad.userError?.[0]).toMatchObject({ file: 'no-such-ref' });
    expect(bad.userError?.[0].message).toMatch(/^git rev-parse failed/);
  });

  it('answers a working file that is the blob as null, and reads the others from git', () => {
    const working = readDistDir(resolve(project, 'dist'));
    const direct = readDistAtRef('base', 'dist', project);
    const answers = answerBase('base', 'dist', project, working);
    const texts = new Map(answers.files);
    expect([...texts.keys()]).toEqual([...direct.keys()]);
    // Changed since the base, and deleted since: read from git, as they are at the base.
    for (const rel of [
      distPaths.nodeClass('dataops', 'dataops'),
      distPaths.nodePool('ticketing', 'loadtest'),
      distPaths.nodePool('dataops', 'edge'),
    ]) {
      expect(texts.get(rel)).toBe(direct.get(rel));
      expect(texts.get(rel)).not.toBeNull();
    }
    // Every other file is the working one.
    const same = [...texts].filter(([, text]) => text === null).map(([rel]) => rel);
    expect(same.length).toBe(direct.size - 3);
    for (const rel of same) expect(working.get(rel)).toBe(direct.get(rel));
  });

  // The worker thread runs only from the build (npm test builds first).
  (existsSync(BUILT) ? it : it.skip)('reads in a worker thread from the build, with the same answers', () => {
    const script = `
      const workers = require('worker_threads');
      const started = [];
      workers.Worker = class extends workers.Worker {
        constructor(file, options) { super(file, options); started.push(require('path').basename(file)); }
      };
      const { startCheckWork } = require(${JSON.stringify(BUILT)});
      const work = startCheckWork({
        distDir: require('path').join(process.argv[2], 'dist'),
        base: { ref: process.argv[1], distDir: 'dist', cwd: process.argv[2] },
      });
      const reader = work.base;
      const digests = {
        ...require(${JSON.stringify(resolve(ROOT, 'build', 'validation', 'previous-digests.js'))}),
        ...require(${JSON.stringify(resolve(ROOT, 'build', 'validation', 'previous-groups.js'))}),
      };
      let files, error, known = false;
      try {
        const read = reader.read();
        files = [...read];
        const d = digests.knownPreviousDigests(read);
        known = d !== undefined && JSON.stringify([...d.clusters]) === JSON.stringify([...digests.previousDigests(read).clusters]);
      } catch (e) { error = e.name + ': ' + e.message.split('\\n')[0]; }
      process.stdout.write(JSON.stringify({ files, error, sources: reader.toolSources() ?? null, started, known }));
    `;
    const run = (ref: string) =>
      JSON.parse(execFileSync(process.execPath, ['-e', script, ref, project], { encoding: 'utf8' })) as {
        files?: [string, string][];
        error?: string;
        sources: string | null;
        started: string[];
        known: boolean;
      };
    // Most texts are the working files' (posted once, answered as null), three are git's: the same map.
    expect(run('base')).toEqual({
      files: [...readDistAtRef('base', 'dist', project)],
      sources: toolSourcesChangedSince('base', project) ?? null,
      started: ['check-worker.js'],
      known: true,
    });
    expect(run('no-such-ref').error).toMatch(/^UserError: no-such-ref.*git rev-parse failed/);
  });
});
