import * as path from 'path';
import { readDistDir } from '../../review/read-dist-dir';
import { writeTree } from './dist-fixtures';

describe('readDistDir', () => {
  it('reads every file under the folder with POSIX relative paths, sorted', () => {
    const dir = writeTree(
      new Map([
        ['b/x.yaml', 'b'],
        ['a/deep/y.json', '{}'],
        ['top.yaml', 't'],
      ]),
    );
    expect([...readDistDir(dir).entries()]).toEqual([
      ['a/deep/y.json', '{}'],
      ['b/x.yaml', 'b'],
      ['top.yaml', 't'],
    ]);
  });

  it('a missing folder is an error naming it, or empty when allowed', () => {
    const missing = path.join(writeTree(new Map()), 'nope');
    expect(() => readDistDir(missing)).toThrow(
      `${missing}: folder does not exist. Pass an existing dist/ folder or run \`karpenter-gitops synth\` first.`,
    );
    expect(readDistDir(missing, true).size).toBe(0);
  });
});
