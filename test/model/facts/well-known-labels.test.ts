import { wellKnownLabels, wellKnownLabelsFromRules } from '../../../model/facts/well-known-labels';
import { buildRuleTable } from '../../../validation/kubernetes/rule-table';
import {
  SNAPSHOT_AVAILABLE,
  SNAPSHOT_LABEL,
  SNAPSHOT_SKIP_REASON,
  snapshotCrdSchema,
} from '../../support/upstream-snapshot';

const NITRO_SANDBOX = 'karpenter.k8s.aws/nitro-sandbox';

describe('well-known labels', () => {
  it('1.14.1 and 1.0.14 read their labels from their NodePool rules; neither has nitro-sandbox', () => {
    for (const version of ['1.14.1', '1.0.14'] as const) {
      expect(wellKnownLabels(version)).toContain('karpenter.k8s.aws/instance-family');
      expect(wellKnownLabels(version)).toContain('kubernetes.io/arch');
      expect(wellKnownLabels(version)).not.toContain(NITRO_SANDBOX);
    }
  });

  it('wellKnownLabelsFromRules reads only the requirement-key rule of a table', () => {
    const rule =
      'self in ["karpenter.k8s.aws/a", "karpenter.k8s.aws/b"] || !self.find("^([^/]+)").endsWith("karpenter.k8s.aws")';
    expect(
      wellKnownLabelsFromRules(
        [
          { rule, location: 'spec.template.spec.requirements[*].key' },
          { rule: rule.replace('/a', '/c'), location: 'spec.template.metadata.labels' },
        ],
        ['kubernetes.io/os'],
      ),
    ).toEqual(['karpenter.k8s.aws/a', 'karpenter.k8s.aws/b', 'kubernetes.io/os']);
  });

  (SNAPSHOT_AVAILABLE ? it : it.skip)(
    `the snapshot (${SNAPSHOT_LABEL}) allows the karpenter.k8s.aws/nitro-sandbox label, from its CRD's rules`,
    () => {
      const table = buildRuleTable(snapshotCrdSchema('karpenter.sh_nodepools.yaml'));
      const labels = wellKnownLabelsFromRules(table.rules);
      expect(labels).toContain(NITRO_SANDBOX);
      expect(labels.filter((l) => !wellKnownLabels('1.14.1').includes(l))).toEqual([NITRO_SANDBOX]);
    },
  );
  if (!SNAPSHOT_AVAILABLE) test.skip(SNAPSHOT_SKIP_REASON, () => undefined);
});
