/** "At that revision or a later one that contains it", decided by git. */
import { gitContains } from '../../promote/git-contains';
import { gateProject } from './gate-fixtures';

describe('gitContains', () => {
  it('is true for the commit and its descendants, false for ancestors and side branches, undefined for unknown revisions', () => {
    const { git, older, commit } = gateProject();
    git('checkout', '-q', '-b', 'side', older);
    git('commit', '-q', '--allow-empty', '-m', 'side');
    const side = git('rev-parse', 'HEAD');
    const contains = gitContains(git);
    expect(contains(commit, commit)).toBe(true);
    expect(contains(commit, older)).toBe(true);
    expect(contains(older, commit)).toBe(false);
    expect(contains(side, commit)).toBe(false);
    expect(contains('0'.repeat(40), commit)).toBeUndefined();
  });
});
