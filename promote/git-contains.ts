/**
 * "Synced at that revision or a later one that contains it", decided by git in the user's
 * repository: the commit is the revision or an ancestor of it (`git merge-base --is-ancestor`).
 */
import { Contains } from './application-landed';

type Git = (...args: string[]) => string;

export function gitContains(git: Git): Contains {
  return (revision, commit) => {
    if (revision === commit) return true;
    try {
      git('cat-file', '-e', `${revision}^{commit}`);
    } catch {
      return undefined; // not in the local repository: the user must fetch
    }
    try {
      git('merge-base', '--is-ancestor', commit, revision);
      return true;
    } catch {
      return false;
    }
  };
}
