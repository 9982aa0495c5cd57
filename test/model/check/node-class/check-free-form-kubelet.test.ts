/**
 * The free-form kubelet rules (Karpenter after PR #9461; facts in model/facts/free-form-kubelet.ts),
 * per AMI family, on the snapshot's CRD shape relabelled 1.15.0-pre, and the gate of CEL expressions.
 */
import { parse } from 'yaml';
import { CheckContext } from '../../../../model/check/check-context';
import { checkNodeClassKubelet } from '../../../../model/check/node-class/check-node-class';
import {
  NODE_CLASS_CEL_GATE_FIX,
  nodeClassCelGateOn,
} from '../../../../model/check/node-class/check-free-form-kubelet';
import { builtInCrdTraits, CrdTraits, loadCrdTraits } from '../../../../model/facts/crd-traits';
import { AmiFamily } from '../../../../model/facts/constants';
import { RawCluster } from '../../../../model/parse/raw-fleet';
import { parseFleetSource } from '../../../../model/parse/yaml-source';
import {
  SNAPSHOT_AVAILABLE,
  SNAPSHOT_LABEL,
  SNAPSHOT_SKIP_REASON,
  buildSnapshotSchemas,
} from '../../../support/upstream-snapshot';

/** The snapshot's traits where ../shared is there; the same shape written out where it is not. */
const FREE_FORM: CrdTraits = SNAPSHOT_AVAILABLE
  ? loadCrdTraits(buildSnapshotSchemas())
  : { kubelet: 'free-form', enclaveOptions: false, consolidateAfterRequired: true, nodeOverlayOperators: [] };

const KUBELET = [
  '      maxPods: 110',
  '      podsPerCore: 2',
  '      containerLogMaxSize: 50Mi',
  '      clusterDNS: [10.0.0.10, 10.0.0.11]',
];

function run(family: AmiFamily, kubelet: string[], traits: CrdTraits = FREE_FORM, helmValues = ''): string[] {
  const text = [
    'karpenter:',
    `  version: ${SNAPSHOT_LABEL}`,
    ...(helmValues ? ['  helmValues:', helmValues] : []),
    'nodeClasses:',
    '  c:',
    `    amiFamily: ${family}`,
    '    kubelet:',
    ...kubelet,
    '',
  ].join('\n');
  const { root } = parseFleetSource('clusters/x.yaml', text);
  const raw = parse(text) as RawCluster;
  const ctx = new CheckContext(root!, raw, 'x');
  checkNodeClassKubelet(ctx, ['nodeClasses', 'c', 'kubelet'], raw.nodeClasses!.c, family, traits);
  return ctx.diagnostics.map((d) => `${d.file}:${d.line} ${d.path}: ${d.message}. ${d.fix}`);
}

const REFUSES = 'Karpenter refuses the class (ValidationSucceeded=False, reason';

describe(`free-form kubelet per AMI family (${SNAPSHOT_LABEL})`, () => {
  if (!SNAPSHOT_AVAILABLE) test.skip(SNAPSHOT_SKIP_REASON, () => undefined);

  it('the snapshot derives the free-form shape that selects these rules', () => {
    expect(FREE_FORM.kubelet).toBe('free-form');
  });

  it('AL2023 applies every field: a field beyond the 12, podsPerCore and two DNS entries pass', () => {
    expect(run('AL2023', KUBELET)).toEqual([]);
  });

  it('AL2 refuses the field beyond the 12 and the second clusterDNS entry, at their lines', () => {
    expect(run('AL2', KUBELET)).toEqual([
      `clusters/x.yaml:9 nodeClasses.c.kubelet.containerLogMaxSize: the AL2 AMI family does not apply kubelet.containerLogMaxSize (only AL2023 applies fields beyond the 12 Karpenter maps): ${REFUSES} UnsupportedKubeletConfiguration) and launches no node from it. Remove containerLogMaxSize from this class, or move the pools that need it to an AL2023 node class`,
      `clusters/x.yaml:10 nodeClasses.c.kubelet.clusterDNS: the AL2 AMI family takes one kubelet.clusterDNS entry, not 2 (it passes a single DNS address to the node): ${REFUSES} UnsupportedKubeletConfiguration) and launches no node from it. Keep one address, or use an AL2023 node class for several`,
    ]);
  });

  it('Bottlerocket also refuses podsPerCore', () => {
    const found = run('Bottlerocket', KUBELET);
    expect(found.map((f) => f.split(':')[1].split(' ')[0] + ' ' + f.split(' ')[1])).toEqual([
      '9 nodeClasses.c.kubelet.containerLogMaxSize:',
      '8 nodeClasses.c.kubelet.podsPerCore:',
      '10 nodeClasses.c.kubelet.clusterDNS:',
    ]);
    expect(found[1]).toContain(
      'the Bottlerocket AMI family does not apply kubelet.podsPerCore (it has no setting for it)',
    );
    expect(found[1]).toContain('Remove podsPerCore and cap the pod density with maxPods');
  });

  it.each(['Windows2019', 'Windows2022', 'Windows2025'] as const)(
    '%s refuses the field beyond the 12 and the second DNS entry, keeps podsPerCore',
    (family) => {
      const found = run(family, KUBELET);
      expect(found).toHaveLength(2);
      expect(found[0]).toContain(`the ${family} AMI family does not apply kubelet.containerLogMaxSize`);
      expect(found[1]).toContain(`the ${family} AMI family takes one kubelet.clusterDNS entry, not 2`);
    },
  );

  it('Custom is not checked by Karpenter, so not here either', () => {
    expect(run('Custom', KUBELET)).toEqual([]);
  });

  it('one clusterDNS entry and only the 12 fields pass on every family', () => {
    const fine = ['      maxPods: 110', '      clusterDNS: [10.0.0.10]', '      cpuCFSQuota: true'];
    for (const family of ['AL2', 'AL2023', 'Bottlerocket', 'Windows2022', 'Custom'] as const)
      expect(run(family, fine)).toEqual([]);
  });

  it('registerWithTaints is refused on every family (InvalidKubeletConfiguration)', () => {
    for (const family of ['AL2023', 'Custom'] as const) {
      expect(run(family, ['      registerWithTaints: []'])).toEqual([
        "clusters/x.yaml:7 nodeClasses.c.kubelet.registerWithTaints: kubelet.registerWithTaints cannot be set: Karpenter sets it from the NodeClaim's taints so the node registers unschedulable until it is ready; Karpenter refuses the class (ValidationSucceeded=False, reason InvalidKubeletConfiguration) and launches no node from it. Remove it; give the node pool taints or startupTaints instead",
      ]);
    }
  });

  it('evictionMinimumReclaim keys and grace-period durations are checked; literals as for a typed kubelet', () => {
    const found = run('AL2023', [
      '      evictionMinimumReclaim: { memory.available: 5%, disk.available: 1Gi, nodefs.available: lots }',
      '      evictionSoft: { memory.available: 10% }',
      '      evictionSoftGracePeriod: { memory.available: soon }',
      '      kubeReserved: { gpu: "1" }',
    ]);
    expect(found.map((f) => f.split(': ').slice(0, 2).join(': '))).toEqual([
      "clusters/x.yaml:7 nodeClasses.c.kubelet.evictionMinimumReclaim.disk.available: 'disk.available' is not an eviction signal. Use one of",
      "clusters/x.yaml:7 nodeClasses.c.kubelet.evictionMinimumReclaim.nodefs.available: 'lots' is not a percentage or a quantity. Write e.g. 5% or 500Mi",
      "clusters/x.yaml:9 nodeClasses.c.kubelet.evictionSoftGracePeriod.memory.available: 'soon' is not a duration. Write e.g. 30s or 2m",
      "clusters/x.yaml:10 nodeClasses.c.kubelet.kubeReserved.gpu: 'gpu' is not a valid key of kubelet.kubeReserved. Did you mean 'cpu'? Use one of",
    ]);
  });
});

describe(`CEL expressions in a free-form kubelet need settings.awsFeatureGates.nodeClassCEL (${SNAPSHOT_LABEL})`, () => {
  const expressions = [
    "      maxPods: 'eni_limited_pods'",
    "      kubeReserved: { cpu: 100m, memory: 'vcpus * 11 + 255' }",
    "      systemReserved: { memory: '100Mi' }",
  ];

  it.each(['AL2', 'AL2023', 'Bottlerocket', 'Windows2022'] as const)(
    '%s: each expression is an error at its line naming the key to set while the gate is off',
    (family) => {
      expect(run(family, expressions)).toEqual([
        `clusters/x.yaml:7 nodeClasses.c.kubelet.maxPods: 'eni_limited_pods' is a CEL expression, and the NodeClassCEL AWS feature gate is off in this cluster's Helm values: ${REFUSES} KubeletExpressionsDisabled) and launches no node from it. ${NODE_CLASS_CEL_GATE_FIX}`,
        `clusters/x.yaml:8 nodeClasses.c.kubelet.kubeReserved.memory: 'vcpus * 11 + 255' is a CEL expression, and the NodeClassCEL AWS feature gate is off in this cluster's Helm values: ${REFUSES} KubeletExpressionsDisabled) and launches no node from it. ${NODE_CLASS_CEL_GATE_FIX}`,
      ]);
    },
  );

  it('with the gate on in the Helm values the expressions pass', () => {
    const gate = '    settings: { awsFeatureGates: { nodeClassCEL: true } }';
    expect(run('AL2023', expressions, FREE_FORM, gate)).toEqual([]);
    expect(NODE_CLASS_CEL_GATE_FIX).toContain('settings.awsFeatureGates.nodeClassCEL');
  });

  it('nodeClassCelGateOn: only a literal true at settings.awsFeatureGates.nodeClassCEL', () => {
    expect(nodeClassCelGateOn({ settings: { awsFeatureGates: { nodeClassCEL: true } } })).toBe(true);
    expect(nodeClassCelGateOn({ settings: { awsFeatureGates: { nodeClassCEL: 'true' } } })).toBe(false);
    expect(nodeClassCelGateOn({ settings: { featureGates: { nodeClassCEL: true } } })).toBe(false);
    expect(nodeClassCelGateOn(undefined)).toBe(false);
  });
});

describe('a typed kubelet (1.14.1) keeps the typed rules', () => {
  it('the same class on 1.14.1 traits gets no family rules, and an expression is not a quantity there', () => {
    const typed = builtInCrdTraits('1.14.1');
    expect(typed?.kubelet).toBe('typed');
    expect(
      run('Bottlerocket', ['      podsPerCore: 2', "      kubeReserved: { memory: 'vcpus * 11' }"], typed),
    ).toEqual([
      "clusters/x.yaml:8 nodeClasses.c.kubelet.kubeReserved.memory: 'vcpus * 11' is not a quantity. Write e.g. 100m, 1Gi or 3Gi",
    ]);
  });
});
