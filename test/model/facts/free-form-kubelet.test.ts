import {
  FREE_FORM_KUBELET_SUPPORT,
  MANAGED_KUBELET_FIELDS,
  NODE_CLASS_CEL_GATE_PATH,
  isResourceQuantity,
  kubeletExpressions,
} from '../../../model/facts/free-form-kubelet';
import { FAMILY_KINDS } from '../../../model/facts/ami-families';
import { KUBELET_KEYS } from '../../../convert/drafts';
import {
  SNAPSHOT_AVAILABLE,
  SNAPSHOT_LABEL,
  SNAPSHOT_SKIP_REASON,
  snapshotValues,
} from '../../support/upstream-snapshot';

describe('free-form kubelet facts', () => {
  it('Karpenter maps the original 12 fields itself: exactly the typed kubelet of the pinned 1.14.1 CRD, and convert writes the same', () => {
    expect(MANAGED_KUBELET_FIELDS).toHaveLength(12);
    // The typed kubelet that the free-form map replaced (imports/validation, from the v1.14.1 CRD).
    const file =
      '../../../imports/validation/karpenter-v1.14.1/ec2nodeclasses.karpenter.k8s.aws.v1.schema.js';
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const schema = require(file) as {
      properties: { spec: { properties: { kubelet: { properties: Record<string, unknown> } } } };
    };
    const typed = Object.keys(schema.properties.spec.properties.kubelet.properties).sort();
    expect([...MANAGED_KUBELET_FIELDS].sort()).toEqual(typed);
    expect([...KUBELET_KEYS].sort()).toEqual(typed);
  });

  it('only AL2023 (and the unchecked Custom) applies arbitrary fields; only Bottlerocket lacks podsPerCore', () => {
    expect(FAMILY_KINDS.filter((f) => FREE_FORM_KUBELET_SUPPORT[f].arbitraryFields)).toEqual([
      'AL2023',
      'Custom',
    ]);
    expect(FAMILY_KINDS.filter((f) => !FREE_FORM_KUBELET_SUPPORT[f].podsPerCore)).toEqual(['Bottlerocket']);
    expect(FAMILY_KINDS.filter((f) => !FREE_FORM_KUBELET_SUPPORT[f].multipleClusterDns)).toEqual([
      'AL2',
      'Bottlerocket',
      'Windows',
    ]);
  });

  it('a value that does not parse as a quantity is an expression; a string maxPods is one', () => {
    expect(['1', '-1', '+2Gi', '1.5', '.5m', '1e3', '100Mi'].every(isResourceQuantity)).toBe(true);
    expect(['vcpus * 10', '1 Gi', 'Gi', ''].some(isResourceQuantity)).toBe(false);
    expect(
      kubeletExpressions({
        maxPods: 'eni_limited_pods',
        kubeReserved: { memory: 'vcpus * 11', cpu: '100m' },
        systemReserved: { cpu: 'vcpus' },
      }),
    ).toEqual([['maxPods'], ['kubeReserved', 'memory'], ['systemReserved', 'cpu']]);
    expect(kubeletExpressions({ maxPods: 110, kubeReserved: { cpu: '1' } })).toEqual([]);
  });

  (SNAPSHOT_AVAILABLE ? it : it.skip)(
    `the gate key is the one the snapshot chart (${SNAPSHOT_LABEL}) has, off by default`,
    () => {
      let node: unknown = snapshotValues();
      for (const key of NODE_CLASS_CEL_GATE_PATH) node = (node as Record<string, unknown>)[key];
      expect(node).toBe(false);
    },
  );
  if (!SNAPSHOT_AVAILABLE) test.skip(SNAPSHOT_SKIP_REASON, () => undefined);
});
