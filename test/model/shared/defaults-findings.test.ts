/** Findings in _defaults.yaml: once each, scoped to the clusters concerned unless it is all of them. */
import { Diagnostic } from '../../../model/shared/diagnostics';
import { DefaultsFindings } from '../../../model/shared/defaults-findings';

const at = (file: string, message: string): Diagnostic => ({
  severity: 'error',
  file,
  line: 3,
  col: 5,
  path: 'karpenter.namespace',
  message,
  fix: 'Fix it',
});

describe('DefaultsFindings', () => {
  it('passes other files on, reports a defaults finding once, naming the clusters concerned', () => {
    const out: Diagnostic[] = [];
    const findings = new DefaultsFindings('clusters/_defaults.yaml', out);
    findings.merged = 3;
    findings.report('clusters/a.yaml', [
      at('clusters/a.yaml', 'own'),
      at('clusters/_defaults.yaml', 'shared'),
    ]);
    findings.report('clusters/b.yaml', [at('clusters/_defaults.yaml', 'shared')]);
    expect(out.map((d) => d.message)).toEqual(['own']);
    findings.flush();
    expect(out.map((d) => d.message)).toEqual([
      'own',
      'shared (when merged into clusters/a.yaml, clusters/b.yaml)',
    ]);
  });

  it('names no cluster when the finding concerns every merged cluster, and skips what was already reported', () => {
    const out: Diagnostic[] = [at('clusters/_defaults.yaml', 'schema')];
    const findings = new DefaultsFindings('clusters/_defaults.yaml', out);
    findings.merged = 1;
    findings.report('clusters/a.yaml', [
      at('clusters/_defaults.yaml', 'schema'),
      at('clusters/_defaults.yaml', 'all'),
    ]);
    findings.flush();
    expect(out.map((d) => d.message)).toEqual(['schema', 'all']);
  });
});
