import { execFileSync } from 'child_process';
import { existsSync } from 'fs';
import { resolve } from 'path';
import { UserError } from '../../../model/shared/diagnostics';
import { answerBase, prefetchBase } from '../../../review/threads/base-prefetch';
import { readDistAtRef } from '../../../review/read-dist-git';
import { toolSourcesChangedSince } from '../../../review/tool-sources';
import { repoWithBase } from '../git-fixtures';

const ROOT = resolve(__dirname, '..', '..', '..');
const BUILT = resolve(ROOT, 'build', 'review', 'threads', 'base-prefetch.js');

describe('the base, read while check works', () => {
  const { project } = repoWithBase();

  it('gives what reading it directly gives: the files at the revision and whether the tool changed', () => {
    const reader = prefetchBase('base', 'dist', project);
    const direct = readDistAtRef('base', 'dist', project);
    expect([...reader.read()]).toEqual([...direct]);
    expect(direct.size).toBeGreaterThan(5);
    expect(reader.toolSources()).toBe(toolSourcesChangedSince('base', project));
  });

  it('throws the UserError reading throws, for a revision git does not know', () => {
    const reader = prefetchBase('no-such-ref', 'dist', project);
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

  // The worker thread runs only from the build (npm test builds first).
  (existsSync(BUILT) ? it : it.skip)('reads in a worker thread from the build, with the same answers', () => {
    const script = `
      const workers = require('worker_threads');
      const started = [];
      workers.Worker = class extends workers.Worker {
        constructor(file, options) { super(file, options); started.push(require('path').basename(file)); }
      };
      const { prefetchBase } = require(${JSON.stringify(BUILT)});
      const reader = prefetchBase(process.argv[1], 'dist', process.argv[2]);
      const digests = {
        ...require(${JSON.stringify(BUILT.replace(/review[/\\]threads[/\\]base-prefetch\.js$/, 'validation/previous-digests.js'))}),
        ...require(${JSON.stringify(BUILT.replace(/review[/\\]threads[/\\]base-prefetch\.js$/, 'validation/previous-groups.js'))}),
      };
      let files, error, known = false;
      try {
        const read = reader.read();
        files = read.size;
        const d = digests.knownPreviousDigests(read);
        known = d !== undefined && JSON.stringify([...d.clusters]) === JSON.stringify([...digests.previousDigests(read).clusters]);
      } catch (e) { error = e.name + ': ' + e.message.split('\\n')[0]; }
      process.stdout.write(JSON.stringify({ files, error, sources: reader.toolSources() ?? null, started, known }));
    `;
    const run = (ref: string) =>
      JSON.parse(execFileSync(process.execPath, ['-e', script, ref, project], { encoding: 'utf8' })) as {
        files?: number;
        error?: string;
        sources: string | null;
        started: string[];
        known: boolean;
      };
    expect(run('base')).toEqual({
      files: readDistAtRef('base', 'dist', project).size,
      sources: toolSourcesChangedSince('base', project) ?? null,
      started: ['base-prefetch-worker.js'],
      known: true,
    });
    expect(run('no-such-ref').error).toMatch(/^UserError: no-such-ref.*git rev-parse failed/);
  });
});
