import { parse } from 'yaml';
import { renderManifest } from '../../../charts/render-manifest';
import { NodeClass, nodeClassSpec } from '../../../charts/karpenter/node-class';
import { App, Chart } from 'cdk8s';
import { MAXIMAL_NODE_CLASS, MINIMAL_NODE_CLASS } from '../../support/fleet-fixtures';
import { nodeClassJson } from './chart-harness';

describe('EC2NodeClass from a maximal node class', () => {
  const json = nodeClassJson(MAXIMAL_NODE_CLASS);
  const spec = json.spec;

  test('kind, API version and explicit name without hash suffix', () => {
    expect(json.apiVersion).toBe('karpenter.k8s.aws/v1');
    expect(json.kind).toBe('EC2NodeClass');
    expect(json.metadata.name).toBe('bottlerocket-arm');
    expect(json.metadata.namespace).toBeUndefined();
  });

  test('managed-by label beside the object labels, Argo CD annotations (wave 0, skip dry run) and the object annotations', () => {
    expect(json.metadata.labels).toEqual({
      'app.kubernetes.io/managed-by': 'karpenter-gitops',
      'app.kubernetes.io/part-of': 'ticketing',
      'example.com/team': 'data',
    });
    expect(Object.keys(json.metadata.labels)).toEqual([
      'app.kubernetes.io/managed-by',
      'app.kubernetes.io/part-of',
      'example.com/team',
    ]);
    expect(json.metadata.annotations).toEqual({
      'argocd.argoproj.io/sync-wave': '0',
      'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true',
      'kubernetes.io/description': 'Bottlerocket on Graviton',
    });
  });

  test('capacity reservation terms with the v1 JSON name ownerID', () => {
    expect(spec.capacityReservationSelectorTerms).toEqual([
      { id: 'cr-0123456789abcdef0' },
      { tags: { purpose: 'training' }, ownerID: '111122223333', instanceMatchCriteria: 'targeted' },
    ]);
    expect(spec.capacityReservationSelectorTerms[1]).not.toHaveProperty('ownerId');
  });

  test('network interfaces, CPU options, placement group, IPv4 prefixes, connection tracking, context', () => {
    expect(spec.networkInterfaces).toEqual([
      { networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' },
      { networkCardIndex: 1, deviceIndex: 0, interfaceType: 'efa-only' },
    ]);
    expect(spec.cpuOptions).toEqual({ nestedVirtualization: 'disabled' });
    expect(spec.placementGroupSelector).toEqual({ name: 'training-cluster' });
    expect(spec.ipPrefixCount).toBe(1);
    expect(spec.connectionTracking).toEqual({
      tcpEstablishedTimeout: 600,
      udpStreamTimeout: 120,
      udpTimeout: 30,
    });
    expect(spec.context).toBe('c-0123456789abcdef0');
  });

  test('AMI family and every AMI selector term field', () => {
    expect(spec.amiFamily).toBe('Bottlerocket');
    expect(spec.amiSelectorTerms).toEqual([
      { alias: 'bottlerocket@v1.40.0' },
      {
        id: 'ami-0123456789abcdef0',
        name: 'custom-image-*',
        owner: '111122223333',
        ssmParameter: '/aws/service/custom/image',
        tags: { 'aa-first': 'a', 'zz-last': 'z' },
      },
    ]);
    expect(Object.keys(spec.amiSelectorTerms[1].tags)).toEqual(['aa-first', 'zz-last']);
  });

  test('role, subnet and security-group selector terms', () => {
    expect(spec.role).toBe('KarpenterNodeRole-ticketing');
    expect(spec.instanceProfile).toBeUndefined();
    expect(spec.subnetSelectorTerms).toEqual([
      { tags: { 'karpenter.sh/discovery': 'ticketing' } },
      { id: 'subnet-0abc' },
    ]);
    expect(spec.securityGroupSelectorTerms).toEqual([
      { tags: { 'karpenter.sh/discovery': 'ticketing' } },
      { id: 'sg-0abc' },
      { name: 'nodes-sg' },
    ]);
  });

  test('userData verbatim', () => {
    expect(spec.userData).toBe('[settings.kernel]\nlockdown = "integrity"\n');
  });

  test('block device mapping with the v1 JSON names kmsKeyID and snapshotID', () => {
    expect(spec.blockDeviceMappings).toHaveLength(1);
    const [bdm] = spec.blockDeviceMappings;
    expect(bdm.deviceName).toBe('/dev/xvda');
    expect(bdm.rootVolume).toBe(true);
    expect(bdm.ebs).toEqual({
      volumeSize: '100Gi',
      volumeType: 'gp3',
      iops: 3000,
      throughput: 125,
      encrypted: true,
      kmsKeyID: 'arn:aws:kms:ap-northeast-2:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab',
      deleteOnTermination: false,
      snapshotID: 'snap-0123456789abcdef0',
      volumeInitializationRate: 200,
    });
    expect(bdm.ebs).not.toHaveProperty('kmsKeyId');
    expect(bdm.ebs).not.toHaveProperty('snapshotId');
  });

  test('metadata options, including a non-default hop limit and IPv6', () => {
    expect(spec.metadataOptions).toEqual({
      httpEndpoint: 'enabled',
      httpProtocolIPv6: 'enabled',
      httpPutResponseHopLimit: 2,
      httpTokens: 'required',
    });
  });

  test('kubelet with Karpenter JSON names (clusterDNS, cpuCFSQuota, imageGC*)', () => {
    expect(spec.kubelet).toEqual({
      maxPods: 110,
      podsPerCore: 4,
      systemReserved: { cpu: '100m', memory: '100Mi' },
      kubeReserved: { cpu: '200m', 'ephemeral-storage': '1Gi' },
      evictionHard: { 'memory.available': '5%' },
      evictionSoft: { 'nodefs.available': '10%' },
      evictionSoftGracePeriod: { 'nodefs.available': '1m30s' },
      evictionMaxPodGracePeriod: 60,
      imageGCHighThresholdPercent: 85,
      imageGCLowThresholdPercent: 80,
      cpuCFSQuota: true,
      clusterDNS: ['10.100.0.10'],
    });
    for (const wrong of [
      'clusterDns',
      'cpuCfsQuota',
      'imageGcHighThresholdPercent',
      'imageGcLowThresholdPercent',
    ]) {
      expect(spec.kubelet).not.toHaveProperty(wrong);
    }
    expect(Object.keys(spec.kubelet.systemReserved)).toEqual(['cpu', 'memory']);
  });

  test('tags sorted, detailedMonitoring, associatePublicIPAddress (v1 spelling), instanceStorePolicy', () => {
    expect(spec.tags).toEqual({ 'cost-center': '1234', team: 'ticketing' });
    expect(Object.keys(spec.tags)).toEqual(['cost-center', 'team']);
    expect(spec.detailedMonitoring).toBe(true);
    expect(spec.associatePublicIPAddress).toBe(false);
    expect(spec).not.toHaveProperty('associatePublicIpAddress');
    expect(spec.instanceStorePolicy).toBe('RAID0');
  });

  test('the YAML text carries the exact JSON field names', () => {
    const app = new App({ outdir: '.', recordConstructMetadata: false });
    const nc = new NodeClass(new Chart(app, 'c', { disableResourceNameHashes: true }), 'x', {
      model: MAXIMAL_NODE_CLASS,
    });
    const text = renderManifest(nc.apiObject);
    expect(text).toContain('\n        kmsKeyID: arn:aws:kms:ap-northeast-2:111122223333:key/');
    expect(text).toContain('\n        snapshotID: snap-0123456789abcdef0\n');
    expect(text).toContain('\n        deleteOnTermination: false\n');
    expect(text).toContain('\n  userData: |\n    [settings.kernel]\n    lockdown = "integrity"\n');
    expect(text).not.toMatch(/kmsKeyId|snapshotId/);
    expect(parse(text)).toEqual(nc.apiObject.toJson());
  });
});

describe('EC2NodeClass from a minimal node class', () => {
  const json = nodeClassJson(MINIMAL_NODE_CLASS);
  const spec = json.spec;

  test('instance profile instead of role', () => {
    expect(spec.instanceProfile).toBe('KarpenterNodeInstanceProfile-ticketing');
    expect(spec).not.toHaveProperty('role');
  });

  test('absent optional fields stay absent; empty lists and maps are omitted', () => {
    expect(Object.keys(spec).sort()).toEqual([
      'amiSelectorTerms',
      'instanceProfile',
      'metadataOptions',
      'securityGroupSelectorTerms',
      'subnetSelectorTerms',
    ]);
    expect(spec.metadataOptions).toEqual({
      httpEndpoint: 'enabled',
      httpProtocolIPv6: 'disabled',
      httpPutResponseHopLimit: 1,
      httpTokens: 'required',
    });
  });
});

describe('nodeClassSpec', () => {
  test('a subnet term with a name is refused (the CRD has no such field; it would be dropped)', () => {
    expect(() =>
      nodeClassSpec({ ...MINIMAL_NODE_CLASS, subnetSelectorTerms: [{ name: 'private-a' }] }),
    ).toThrow("subnet selector terms have no 'name' field (got 'private-a')");
  });

  test('does not share arrays with the model', () => {
    const spec = nodeClassSpec(MAXIMAL_NODE_CLASS);
    expect(spec.kubelet?.clusterDns).not.toBe(MAXIMAL_NODE_CLASS.kubelet?.clusterDNS);
  });
});
