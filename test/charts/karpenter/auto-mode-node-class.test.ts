import { App, Chart } from 'cdk8s';
import { AutoModeNodeClass } from '../../../charts/karpenter/auto-mode-node-class';
import { NodePool } from '../../../charts/karpenter/node-pool';
import { NodeClassModel } from '../../../model/shared/fleet-model';
import {
  MAXIMAL_AUTO_MODE_FIELDS,
  MAXIMAL_NODE_CLASS,
  MINIMAL_NODE_POOL,
} from '../../support/fleet-fixtures';
import { Json } from './chart-harness';

function chart(): Chart {
  return new Chart(new App({ outdir: '.', recordConstructMetadata: false }), 'test', {
    disableResourceNameHashes: true,
  });
}

const model: NodeClassModel = {
  ...MAXIMAL_NODE_CLASS,
  name: 'private',
  autoMode: MAXIMAL_AUTO_MODE_FIELDS,
};

describe('EKS Auto Mode NodeClass from a node class with every Auto Mode field', () => {
  const json: Json = new AutoModeNodeClass(chart(), 'nc', { model }).apiObject.toJson();

  test('eks.amazonaws.com/v1 NodeClass, explicit name, the tool metadata', () => {
    expect(json.apiVersion).toBe('eks.amazonaws.com/v1');
    expect(json.kind).toBe('NodeClass');
    expect(json.metadata.name).toBe('private');
    expect(json.metadata.labels['app.kubernetes.io/managed-by']).toBe('karpenter-gitops');
    expect(json.metadata.annotations['argocd.argoproj.io/sync-wave']).toBe('0');
  });

  test('fleet class fields map where Auto Mode has one; EC2NodeClass-only fields never appear', () => {
    expect(Object.keys(json.spec).sort()).toEqual([
      'advancedNetworking',
      'advancedSecurity',
      'capacityReservationSelectorTerms',
      'certificateBundles',
      'ephemeralStorage',
      'networkPolicy',
      'networkPolicyEventLogs',
      'podSecurityGroupSelectorTerms',
      'podSubnetSelectorTerms',
      'role',
      'securityGroupSelectorTerms',
      'snatPolicy',
      'subnetSelectorTerms',
      'tags',
    ]);
    expect(json.spec.role).toBe('KarpenterNodeRole-ticketing');
    expect(json.spec.securityGroupSelectorTerms).toEqual([
      { tags: { 'karpenter.sh/discovery': 'ticketing' } },
      { id: 'sg-0abc' },
      { name: 'nodes-sg' },
    ]);
    // Auto Mode's reservation term names the owner `owner` and has no match criteria.
    expect(json.spec.capacityReservationSelectorTerms).toEqual([
      { id: 'cr-0123456789abcdef0' },
      { tags: { purpose: 'training' }, owner: '111122223333' },
    ]);
  });

  test('Auto Mode-only fields with their JSON names (kmsKeyID, associatePublicIPAddress)', () => {
    expect(json.spec.ephemeralStorage).toEqual({
      size: '160Gi',
      iops: 6000,
      throughput: 250,
      kmsKeyID: MAXIMAL_AUTO_MODE_FIELDS.ephemeralStorage.kmsKeyID,
    });
    expect(json.spec.snatPolicy).toBe('Disabled');
    expect(json.spec.networkPolicy).toBe('DefaultDeny');
    expect(json.spec.networkPolicyEventLogs).toBe('Enabled');
    expect(json.spec.podSubnetSelectorTerms).toEqual([
      { tags: { 'example.com/pods': 'true' } },
      { id: 'subnet-0pods' },
    ]);
    expect(json.spec.podSecurityGroupSelectorTerms).toEqual([{ id: 'sg-0pods' }]);
    expect(json.spec.advancedNetworking).toEqual({
      httpsProxy: 'http://192.0.2.4:3128',
      noProxy: ['localhost', '169.254.169.254', '.internal'],
      associatePublicIPAddress: false,
    });
    expect(json.spec.advancedSecurity).toEqual({ fips: true });
    expect(json.spec.certificateBundles).toEqual([{ name: 'corporate-ca', data: 'TUlJQg==' }]);
  });

  test('a class of a self-managed cluster is refused (a bug to get here)', () => {
    expect(() => new AutoModeNodeClass(chart(), 'x', { model: MAXIMAL_NODE_CLASS })).toThrow(
      "node class 'bottlerocket-arm' is not an EKS Auto Mode class",
    );
  });
});

describe('NodePool of an Auto Mode cluster', () => {
  test('nodeClassRef names the eks.amazonaws.com NodeClass', () => {
    const json: Json = new NodePool(chart(), 'np', {
      model: MINIMAL_NODE_POOL,
      mode: 'eks-auto-mode',
    }).apiObject.toJson();
    expect(json.spec.template.spec.nodeClassRef).toEqual({
      group: 'eks.amazonaws.com',
      kind: 'NodeClass',
      name: MINIMAL_NODE_POOL.nodeClass,
    });
    const selfManaged: Json = new NodePool(chart(), 'np2', { model: MINIMAL_NODE_POOL }).apiObject.toJson();
    expect(selfManaged.spec.template.spec.nodeClassRef.kind).toBe('EC2NodeClass');
  });
});
