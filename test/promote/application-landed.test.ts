/** Whether one Application has landed: the stricter child health, rule by rule. */
import { applicationMissing } from '../../promote/application-landed';
import { application, REPO } from './gate-fixtures';

describe('application landed', () => {
  it('applies the stricter child health: pending, running, retrying after a failure', () => {
    const sources = [{ repoURL: REPO, path: 'dist/a/karpenter', targetRevision: 'main' }];
    const contains = () => true;
    const app = application('a-karpenter-nodepools', sources, 'abc');
    expect(applicationMissing(app, REPO, 'abc', contains)).toBeUndefined();
    expect(applicationMissing({ ...app, operation: { sync: {} } }, REPO, 'abc', contains)).toBe(
      'a sync is pending',
    );
    const running = (retryCount: number) => ({
      ...app,
      status: {
        ...app.status,
        operationState: { phase: 'Running', retryCount, message: 'NodePool general: webhook denied' },
      },
    });
    expect(applicationMissing(running(0), REPO, 'abc', contains)).toBe('a sync is in progress');
    expect(applicationMissing(running(2), REPO, 'abc', contains)).toBe(
      'its sync failed and is being retried: NodePool general: webhook denied',
    );
    expect(applicationMissing({ ...app, status: {} }, REPO, 'abc', contains)).toBe(
      'not compared yet by the Application controller',
    );
  });
});
