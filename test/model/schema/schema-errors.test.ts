/**
 * Schema errors in our words, at the offending node. Each case loads `demo.yaml` = MINIMAL
 * (lines 1-6) + the lines shown, so line 7 is the first added line.
 */
import { errorsOfCluster, MINIMAL } from '../../support/fleet-files';

describe('schema errors', () => {
  it('unknown key: at the key, with did-you-mean and the known keys', () => {
    expect(
      errorsOfCluster(MINIMAL + 'nodeClasses:\n  d:\n    alias: al2023@v20260714\n    amiFamly: AL2023\n'),
    ).toEqual([
      "clusters/demo.yaml:10:5 nodeClasses.d.amiFamly: unknown key 'amiFamly'. Did you mean 'amiFamily'? Known keys here: metadata, alias, allowLatestAmi, amiFamily, amiSelectorTerms, role, instanceProfile, subnetSelectorTerms, securityGroupSelectorTerms, userData, bottlerocket, blockDeviceMappings, metadataOptions, kubelet, tags, detailedMonitoring, associatePublicIPAddress, instanceStorePolicy, capacityReservationSelectorTerms, networkInterfaces, cpuOptions, placementGrou….",
    ]);
  });

  it('unknown key without a close match lists the known keys', () => {
    expect(errorsOfCluster(MINIMAL + 'colour: blue\n')).toEqual([
      "clusters/demo.yaml:7:1 colour: unknown key 'colour'. Remove it; known keys here: name, aws, kubernetesVersion, karpenter, iam, tags, gitops, overridesDefaults, secretPatterns, nodeClasses, nodePools, nodeOverlays, capacityBuffers, podTemplates.",
    ]);
  });

  it('wrong type: an unquoted account ID says to quote it', () => {
    expect(errorsOfCluster(MINIMAL.replace('"111122223333"', '111122223333'))).toEqual([
      'clusters/demo.yaml:2:14 aws.accountId: expected a 12-digit account ID in quotes, got a whole number (111122223333). Quote the value so YAML reads it as text: "111122223333".',
    ]);
  });

  it('wrong type: an unquoted Kubernetes version keeps the digits the user wrote', () => {
    expect(errorsOfCluster(MINIMAL + 'kubernetesVersion: 1.30\n')).toEqual([
      'clusters/demo.yaml:7:20 kubernetesVersion: expected text, got a number (1.30). Quote the value so YAML reads it as text: "1.30".',
    ]);
  });

  it('wrong type: a map where a list belongs', () => {
    expect(
      errorsOfCluster(
        MINIMAL +
          'nodeClasses:\n  d:\n    alias: al2023@v20260714\nnodePools:\n  p:\n    nodeClass: d\n    taints: { key: a }\n',
      ),
    ).toEqual(['clusters/demo.yaml:13:13 nodePools.p.taints: expected a list, got a map. Write a list.']);
  });

  it('wrong type: a shorthand that is neither a list nor an in/notIn map', () => {
    expect(
      errorsOfCluster(
        MINIMAL +
          'nodeClasses:\n  d:\n    alias: al2023@v20260714\nnodePools:\n  p:\n    nodeClass: d\n    capacityTypes: spot\n',
      ),
    ).toEqual([
      "clusters/demo.yaml:13:20 nodePools.p.capacityTypes: expected a list of values, or a map with in or notIn (and optional minValues), got text 'spot'. Write a list of values, or a map with in or notIn (and optional minValues).",
    ]);
  });

  it('bad enum: WhenUnderutilized names the Karpenter v1 rename', () => {
    expect(
      errorsOfCluster(
        MINIMAL +
          'nodeClasses:\n  d:\n    alias: al2023@v20260714\nnodePools:\n  loadtest:\n    nodeClass: d\n    disruption:\n      consolidationPolicy: WhenUnderutilized\n',
      ),
    ).toEqual([
      "clusters/demo.yaml:14:28 nodePools.loadtest.disruption.consolidationPolicy: 'WhenUnderutilized' was renamed in Karpenter v1. Use WhenEmptyOrUnderutilized.",
    ]);
  });

  it('bad enum: lists the allowed values, with a did-you-mean', () => {
    expect(
      errorsOfCluster(
        MINIMAL +
          'nodeClasses:\n  d:\n    alias: al2023@v20260714\nnodePools:\n  p:\n    nodeClass: d\n    capacityTypes: [spott]\n',
      ),
    ).toEqual([
      "clusters/demo.yaml:13:21 nodePools.p.capacityTypes[0]: 'spott' is not allowed. Did you mean 'spot'? Use one of: on-demand, spot, reserved.",
    ]);
  });

  it('a Karpenter version neither shipped nor imported names the shipped ones and the import command', () => {
    expect(errorsOfCluster(MINIMAL + 'karpenter:\n  version: 1.2.3\n')).toEqual([
      'clusters/demo.yaml:8:12 karpenter.version: Karpenter 1.2.3 is neither shipped with karpenter-gitops (1.14.1, 1.0.14) nor imported into karpenter-imports/. Import its chart: helm pull oci://public.ecr.aws/karpenter/karpenter --version 1.2.3 && npx karpenter-gitops import karpenter-1.2.3.tgz, then commit karpenter-imports/.',
    ]);
  });

  it('a karpenter.version that is not a release number is a schema error', () => {
    expect(errorsOfCluster(MINIMAL + 'karpenter:\n  version: "1.14"\n')).toEqual([
      "clusters/demo.yaml:8:12 karpenter.version: '1.14' is not a Karpenter release such as 1.14.1. Write a Karpenter release such as 1.14.1.",
    ]);
  });

  it('missing required key: at the map that should hold it', () => {
    expect(errorsOfCluster('aws:\n  region: eu-west-1\ngitops:\n  destination:\n    name: demo\n')).toEqual([
      'clusters/demo.yaml:2:3 aws.accountId: missing required key \'accountId\'. Add accountId: "111122223333" (12 digits, in quotes).',
    ]);
  });

  it('missing gitops.destination', () => {
    expect(
      errorsOfCluster(
        'aws:\n  accountId: "111122223333"\n  region: eu-west-1\ngitops:\n  targetRevision: main\n',
      ),
    ).toEqual([
      "clusters/demo.yaml:5:3 gitops.destination: missing required key 'destination'. Add gitops.destination with { name: <cluster registered in Argo CD> } or { server: <API server URL> }.",
    ]);
  });

  it('weight out of 1..100', () => {
    expect(
      errorsOfCluster(
        MINIMAL +
          'nodeClasses:\n  d:\n    alias: al2023@v20260714\nnodePools:\n  p:\n    nodeClass: d\n    weight: 101\n',
      ),
    ).toEqual([
      'clusters/demo.yaml:13:13 nodePools.p.weight: 101 is out of range. Use a whole number between 1 and 100.',
    ]);
  });

  it('an empty value', () => {
    expect(errorsOfCluster(MINIMAL + 'tags:\n  team:\n')).toEqual([
      'clusters/demo.yaml:8:8 tags.team: expected text, got an empty value. Give it a value (text) or remove the key.',
    ]);
  });

  it('special strings YAML would reinterpret: 0x1F is a number, yes stays text', () => {
    expect(errorsOfCluster(MINIMAL + 'tags:\n  a: yes\n  b: 0x1F\n')).toEqual([
      'clusters/demo.yaml:9:6 tags.b: expected text, got a whole number (0x1F). Quote the value so YAML reads it as text: "0x1F".',
    ]);
  });
});
