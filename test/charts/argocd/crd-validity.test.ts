import { argocdGenerator } from '../../../charts/argocd/argocd-generator';
import { clusterBaseGenerator } from '../../../charts/cluster-base/cluster-base-generator';
import { helmValuesGenerator } from '../../../charts/helm-values/helm-values-generator';
import { DistFiles } from '../../../model/shared/dist-layout';
import { FleetModel } from '../../../model/shared/fleet-model';
import { validateDist } from '../../../validation/validate-dist';
import { fleetFixture } from '../../support/fleet-fixtures';
import { textsOf } from '../../../model';

describe('generated Argo CD objects, values and base manifests', () => {
  it('pass the validator (imported Argo CD v3.5.1 CRD schemas)', () => {
    const fleet: FleetModel = fleetFixture();
    const old = {
      ...fleet.clusters[0],
      karpenter: { ...fleet.clusters[0].karpenter, version: '1.0.14', semantics: '1.0.14' as const },
    };
    for (const f of [fleet, { clusters: [old] }]) {
      const files: DistFiles = new Map([
        ...textsOf(argocdGenerator(f)),
        ...textsOf(helmValuesGenerator(f)),
        ...textsOf(clusterBaseGenerator(f)),
      ]);
      const findings = validateDist(files, f);
      const errors = findings.filter((x) => x.severity === 'error');
      expect(errors.map((x) => `${x.file} ${x.path}: ${x.message}`)).toEqual([]);
      // Only core Kubernetes kinds (namespace, smoke test) go unvalidated; every Argo CD object is checked.
      for (const w of findings)
        expect(w.message).toMatch(
          /^(v1 Namespace|apps\/v1 Deployment|policy\/v1 PodDisruptionBudget) is not validated/,
        );
    }
  });

  it('would catch a malformed Application (the check is real)', () => {
    const fleet = fleetFixture();
    const files = textsOf(argocdGenerator(fleet));
    const path = 'ticketing/argocd/application-controller.yaml';
    files.set(
      path,
      (files.get(path) ?? '').replace('  project: ticketing\n', '  project: ticketing\n  projekt: typo\n'),
    );
    const errors = validateDist(files, fleet).filter((x) => x.severity === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].file).toBe(`dist/${path}`);
  });
});
