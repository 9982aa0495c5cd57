/**
 * Bad input for the Karpenter 1.14.1 fields of node pools and node classes: each mistake is
 * reported at its fleet-file line with the field, what is wrong and how to fix it, all at
 * once, and a refused fleet leaves dist/ exactly as it was.
 */
import { join } from 'node:path';
import { loadFleet } from '../../../io/read-fleet';
import { synthCli } from '../../../synth/synth';
import { EXIT_USER_ERROR } from '../../../io/cli-common';
import { makeTempProject, readTree, removeTempProject, writeTree } from '../../synth/dist-fixture';
import { DEFAULTS, errorsOfCluster, loadCluster, MINIMAL } from '../../support/fleet-files';

/** MINIMAL is 6 lines; line 7 onwards is what each test appends. */
const cluster = (body: string) => `${MINIMAL}${body}`;

const CLASS = `nodeClasses:
  gpu:
    alias: al2023@v20260714
`;

/** One fleet with every mistake the issue lists (lines numbered in the comments). */
const BAD = cluster(`karpenter:
  version: 1.14.1
nodeClasses:
  gpu:
    alias: bottlerocket@v20250505
    networkInterfaces:
      - { networkCardIndex: 0, deviceIndex: 0, interfaceType: interface }
      - { networkCardIndex: 1, deviceIndex: 0, interfaceType: efa }
    capacityReservationSelectorTerms:
      - id: cr-ABC
nodePools:
  static:
    nodeClass: gpu
    replicas: 2
    weight: 10
    limits:
      cpu: "100"
  negative:
    nodeClass: gpu
    replicas: -1
`);

describe('bad input for the 1.14.1 node pool and node class fields', () => {
  it('reports every mistake at once, each at its line with the field, the problem and the fix', () => {
    expect(errorsOfCluster(BAD)).toEqual([
      "clusters/demo.yaml:11:12 nodeClasses.gpu.alias: 'v20250505' is not a Bottlerocket release: bottlerocket versions are a Bottlerocket release v1.x.y. Write e.g. bottlerocket@v1.39.1.",
      "clusters/demo.yaml:14:63 nodeClasses.gpu.networkInterfaces[1].interfaceType: 'efa' is not allowed. Use one of: interface, efa-only.",
      "clusters/demo.yaml:15:5 nodeClasses.gpu.capacityReservationSelectorTerms: capacity reservations needs the Karpenter feature gate reservedCapacity, which is off for this cluster. Enable the gate in this cluster's file (or _defaults.yaml): karpenter: { featureGates: { reservedCapacity: true } }.",
      "clusters/demo.yaml:16:13 nodeClasses.gpu.capacityReservationSelectorTerms[0].id: 'cr-ABC' is not a capacity reservation ID. Write cr- followed by lower-case letters and digits, e.g. cr-0123456789abcdef0.",
      "clusters/demo.yaml:20:5 nodePools.static.replicas: a static pool (replicas) needs the Karpenter feature gate staticCapacity, which is off for this cluster. Enable the gate in this cluster's file (or _defaults.yaml): karpenter: { featureGates: { staticCapacity: true } }.",
      'clusters/demo.yaml:21:5 nodePools.static.weight: a static pool (replicas) takes no weight. Remove weight: a static pool keeps its replicas whatever other pools exist.',
      'clusters/demo.yaml:23:7 nodePools.static.limits.cpu: a static pool (replicas) may limit only nodes, not cpu. Remove this limit, or write limits: { nodes: <most nodes> }.',
      'clusters/demo.yaml:26:15 nodePools.negative.replicas: -1 is out of range. Use a whole number at least 0.',
    ]);
  });

  it('windows2025 and a 1.14-only field on a cluster pinned to Karpenter 1.0.14', () => {
    expect(
      errorsOfCluster(
        cluster(`kubernetesVersion: "1.35"
karpenter:
  version: 1.0.14
nodeClasses:
  win:
    alias: windows2025@latest
    allowLatestAmi: true
    ipPrefixCount: 2
nodePools:
  win:
    nodeClass: win
    disruption:
      consolidationPolicy: Balanced
`),
      ),
    ).toEqual([
      "clusters/demo.yaml:12:12 warning: nodeClasses.win.alias: 'windows2025@latest' is not pinned: nodes change AMI whenever a new one is released, without a change in Git. Pin with amiSelectorTerms by AMI id (Windows aliases cannot be pinned) and remove allowLatestAmi.",
      "clusters/demo.yaml:12:12 nodeClasses.win.alias: windows2025 needs Karpenter 1.14.1 or later, but this cluster runs Karpenter 1.0.14. Set karpenter.version: 1.14.1 in this cluster's file, or remove it.",
      "clusters/demo.yaml:14:5 nodeClasses.win.ipPrefixCount: ipPrefixCount needs Karpenter 1.14.1 or later, but this cluster runs Karpenter 1.0.14. Set karpenter.version: 1.14.1 in this cluster's file, or remove it.",
      "clusters/demo.yaml:19:28 nodePools.win.disruption.consolidationPolicy: Balanced needs Karpenter 1.14.1 or later, but this cluster runs Karpenter 1.0.14. Set karpenter.version: 1.14.1 in this cluster's file, or remove it.",
    ]);
  });

  it('the same windows2025 class loads on 1.14.1 (with the unpinned-AMI warning only)', () => {
    const { cluster: c, warnings } = loadCluster(
      cluster(`kubernetesVersion: "1.35"
nodeClasses:
  win:
    alias: windows2025@latest
    allowLatestAmi: true
`),
    );
    expect(c.nodeClasses[0].amiSelectorTerms).toEqual([{ alias: 'windows2025@latest' }]);
    expect(warnings.map((w) => w.path)).toEqual(['nodeClasses.win.alias']);
  });

  it('a Windows alias cannot be pinned, an AL2023 alias is a release date', () => {
    expect(
      errorsOfCluster(
        cluster(`kubernetesVersion: "1.35"\nnodeClasses:\n  w:\n    alias: windows2025@v20250101\n`),
      ),
    ).toEqual([
      "clusters/demo.yaml:10:12 nodeClasses.w.alias: Windows AMI aliases cannot be pinned ('windows2025@v20250101'). Karpenter accepts only windows2025@latest; set allowLatestAmi: true, or pin with amiSelectorTerms by id.",
    ]);
    expect(errorsOfCluster(cluster(`nodeClasses:\n  a:\n    alias: al2023@v1.39.1\n`))).toEqual([
      "clusters/demo.yaml:9:12 nodeClasses.a.alias: 'v1.39.1' is not a AL2023 release: al2023 versions are an EKS AMI release date vYYYYMMDD. Write e.g. al2023@v20260714.",
    ]);
  });

  it('reserved capacity needs reservations on the node class, and the gate', () => {
    expect(
      errorsOfCluster(
        cluster(`${CLASS}nodePools:
  r:
    nodeClass: gpu
    capacityTypes: [reserved, on-demand]
`),
      ),
    ).toEqual([
      "clusters/demo.yaml:13:21 nodePools.r.capacityTypes[0]: node class 'gpu' selects no capacity reservations, so reserved capacity can never launch. Add capacityReservationSelectorTerms (by id or tags) to nodeClasses.gpu, or remove reserved.",
      "clusters/demo.yaml:13:21 nodePools.r.capacityTypes[0]: the reserved capacity type needs the Karpenter feature gate reservedCapacity, which is off for this cluster. Enable the gate in this cluster's file (or _defaults.yaml): karpenter: { featureGates: { reservedCapacity: true } }.",
    ]);
  });

  it('network interface, placement group and connection tracking rules of the CRD', () => {
    expect(
      errorsOfCluster(
        cluster(`karpenter:
  featureGates: { reservedCapacity: true }
nodeClasses:
  n:
    alias: al2023@v20260714
    networkInterfaces:
      - { networkCardIndex: 1, deviceIndex: 0, interfaceType: efa-only }
      - { networkCardIndex: 1, deviceIndex: 0, interfaceType: efa-only }
    placementGroupSelector: { id: pg-1, name: x }
    connectionTracking: {}
    capacityReservationSelectorTerms:
      - id: cr-0123
        ownerID: "1234"
`),
      ),
    ).toEqual([
      'clusters/demo.yaml:12:5 nodeClasses.n.networkInterfaces: the network interfaces include no primary interface (networkCardIndex 0, deviceIndex 0, interfaceType interface). Add { networkCardIndex: 0, deviceIndex: 0, interfaceType: interface } (the primary interface carries the node IP).',
      'clusters/demo.yaml:14:9 nodeClasses.n.networkInterfaces[1]: network card 1, device 0 is already used by networkInterfaces[0]. Give every interface its own networkCardIndex and deviceIndex pair.',
      'clusters/demo.yaml:14:63 nodeClasses.n.networkInterfaces[1].interfaceType: network card 1 already has an efa-only interface (networkInterfaces[0]). Keep at most one efa-only interface per network card.',
      'clusters/demo.yaml:15:5 nodeClasses.n.placementGroupSelector: id and name are both set. Give exactly one: { id: pg-... } or { name: <placement group name> }.',
      'clusters/demo.yaml:16:5 nodeClasses.n.connectionTracking: connection tracking sets no timeout. Set at least one of tcpEstablishedTimeout, udpStreamTimeout or udpTimeout, or remove connectionTracking.',
      'clusters/demo.yaml:18:13 nodeClasses.n.capacityReservationSelectorTerms[0].id: id cannot be combined with ownerID in one capacity reservation selector term. Put the id in a term of its own.',
      "clusters/demo.yaml:19:18 nodeClasses.n.capacityReservationSelectorTerms[0].ownerID: '1234' is not a 12-digit AWS account ID. Write the owner's account ID in quotes, e.g. '111122223333'.",
    ]);
  });

  it('object annotations may not override the tool’s Argo CD annotations', () => {
    expect(
      errorsOfCluster(
        cluster(`${CLASS}    metadata:
      annotations:
        argocd.argoproj.io/sync-wave: "5"
`),
      ),
    ).toEqual([
      "clusters/demo.yaml:12:9 nodeClasses.gpu.metadata.annotations.argocd.argoproj.io/sync-wave: annotation 'argocd.argoproj.io/sync-wave' is set by the tool (Argo CD sync order and options). Remove it: the tool orders node classes before node pools itself.",
    ]);
  });

  it('a refused fleet leaves dist/ exactly as it was', () => {
    const project = makeTempProject();
    try {
      writeTree(project, {
        'clusters/_defaults.yaml': DEFAULTS,
        'clusters/demo.yaml': BAD,
        'dist/keep/me.yaml': 'previous: output\n',
      });
      const before = readTree(join(project, 'dist'));
      const err: string[] = [];
      const code = synthCli(
        [],
        { out: () => undefined, err: (l) => err.push(l), cwd: project },
        { loadFleet: (root: string) => loadFleet(root), validate: null },
        project,
      );
      expect(code).toBe(EXIT_USER_ERROR);
      expect(err[err.length - 1]).toBe('synth: 8 errors; dist/ was not changed.');
      expect(readTree(join(project, 'dist'))).toEqual(before);
    } finally {
      removeTempProject(project);
    }
  });
});
