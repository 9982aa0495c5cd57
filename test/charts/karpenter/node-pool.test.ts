import { parse } from 'yaml';
import { App, Chart } from 'cdk8s';
import { NodePool, nodePoolSpec } from '../../../charts/karpenter/node-pool';
import { renderManifest } from '../../../charts/render-manifest';
import { MAXIMAL_NODE_POOL, MINIMAL_NODE_POOL, STATIC_NODE_POOL } from '../../support/fleet-fixtures';
import { nodePoolJson } from './chart-harness';

describe('NodePool from a maximal node pool', () => {
  const json = nodePoolJson(MAXIMAL_NODE_POOL);
  const spec = json.spec;
  const template = spec.template;

  test('kind, API version and explicit name without hash suffix', () => {
    expect(json.apiVersion).toBe('karpenter.sh/v1');
    expect(json.kind).toBe('NodePool');
    expect(json.metadata.name).toBe('dataops');
  });

  test('managed-by label beside the object labels, Argo CD annotations (wave 1, after the classes; skip dry run) and the object annotations', () => {
    expect(json.metadata.labels).toEqual({
      'app.kubernetes.io/managed-by': 'karpenter-gitops',
      'example.com/team': 'data',
    });
    expect(json.metadata.annotations).toEqual({
      'argocd.argoproj.io/sync-wave': '1',
      'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true',
      'kubernetes.io/description': 'Batch jobs of the data team',
    });
    expect(spec).not.toHaveProperty('replicas');
  });

  test('nodeClassRef names the EC2NodeClass by group, kind and name', () => {
    expect(template.spec.nodeClassRef).toEqual({
      group: 'karpenter.k8s.aws',
      kind: 'EC2NodeClass',
      name: 'bottlerocket-arm',
    });
  });

  test('requirements in model order, with minValues and value-less operators', () => {
    expect(template.spec.requirements).toEqual([
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
      { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm', 'r'], minValues: 2 },
      { key: 'karpenter.k8s.aws/instance-family', operator: 'NotIn', values: ['t3'] },
      { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['2'] },
      { key: 'example.com/gpu', operator: 'DoesNotExist' },
    ]);
  });

  test('node labels and annotations go to the template metadata, sorted', () => {
    expect(template.metadata).toEqual({
      labels: { 'node.role': 'batch', role: 'dataops' },
      annotations: { 'example.com/owner': 'data-team' },
    });
    expect(Object.keys(template.metadata.labels)).toEqual(['node.role', 'role']);
  });

  test('taints and startup taints', () => {
    expect(template.spec.taints).toEqual([{ key: 'dedicated', value: 'dataops', effect: 'NoSchedule' }]);
    expect(template.spec.startupTaints).toEqual([
      { key: 'node.cilium.io/agent-not-ready', effect: 'NoExecute' },
    ]);
  });

  test('expireAfter and terminationGracePeriod live in the template spec (Karpenter v1)', () => {
    expect(template.spec.expireAfter).toBe('720h');
    expect(template.spec.terminationGracePeriod).toBe('48h');
    expect(spec.disruption).not.toHaveProperty('expireAfter');
    expect(spec).not.toHaveProperty('terminationGracePeriod');
  });

  test('limits as quantity strings, sorted', () => {
    expect(spec.limits).toEqual({ cpu: '100', memory: '400Gi', 'nvidia.com/gpu': '4' });
    expect(Object.keys(spec.limits)).toEqual(['cpu', 'memory', 'nvidia.com/gpu']);
  });

  test('disruption: policy, consolidateAfter and every budget field', () => {
    expect(spec.disruption).toEqual({
      consolidationPolicy: 'WhenEmptyOrUnderutilized',
      consolidateAfter: '2m',
      budgets: [
        { nodes: '10%' },
        { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h', reasons: ['Underutilized', 'Drifted'] },
      ],
    });
  });

  test('weight', () => {
    expect(spec.weight).toBe(10);
  });

  test('smokeTest is not a NodePool field', () => {
    expect(JSON.stringify(json)).not.toContain('smokeTest');
  });

  test('YAML text: quantities and counts that look like numbers are quoted strings', () => {
    const app = new App({ outdir: '.', recordConstructMetadata: false });
    const pool = new NodePool(new Chart(app, 'c', { disableResourceNameHashes: true }), 'x', {
      model: MAXIMAL_NODE_POOL,
    });
    const text = renderManifest(pool.apiObject);
    expect(text).toContain('\n    cpu: "100"\n');
    expect(text).toContain('\n    nvidia.com/gpu: "4"\n');
    expect(text).toContain('\n        nodes: "0"\n');
    expect(text).toContain('\n            - "2"\n');
    expect(text).toContain('\n  weight: 10\n');
    expect(parse(text)).toEqual(pool.apiObject.toJson());
  });
});

describe('NodePool from a minimal node pool', () => {
  const json = nodePoolJson(MINIMAL_NODE_POOL);
  const spec = json.spec;

  test('empty maps and lists are omitted, except the required requirements list', () => {
    expect(spec).not.toHaveProperty('limits');
    expect(spec).not.toHaveProperty('weight');
    expect(spec.template).not.toHaveProperty('metadata');
    expect(Object.keys(spec.template.spec).sort()).toEqual(['expireAfter', 'nodeClassRef', 'requirements']);
    expect(spec.template.spec.requirements).toEqual([]);
  });

  test('expireAfter Never and WhenEmpty policy pass through', () => {
    expect(spec.template.spec.expireAfter).toBe('Never');
    expect(spec.disruption).toEqual({
      consolidationPolicy: 'WhenEmpty',
      consolidateAfter: '0s',
      budgets: [{ nodes: '10%' }],
    });
  });

  test('only labels: no annotations key in the template metadata', () => {
    const labelled = nodePoolSpec({ ...MINIMAL_NODE_POOL, labels: { role: 'web' } });
    expect(labelled.template.metadata).toEqual({ labels: { role: 'web' }, annotations: undefined });
    const only = nodePoolJson({ ...MINIMAL_NODE_POOL, labels: { role: 'web' } });
    expect(only.spec.template.metadata).toEqual({ labels: { role: 'web' } });
  });
});

describe('NodePool from a static node pool', () => {
  const spec = nodePoolJson(STATIC_NODE_POOL).spec;

  test('replicas and a nodes-only limit, no weight', () => {
    expect(spec.replicas).toBe(4);
    expect(spec.limits).toEqual({ nodes: '8' });
    expect(spec).not.toHaveProperty('weight');
  });

  test('consolidation policy Balanced maps to the CRD enum', () => {
    const balanced = nodePoolSpec({
      ...MINIMAL_NODE_POOL,
      disruption: { ...MINIMAL_NODE_POOL.disruption, consolidationPolicy: 'Balanced' },
    });
    expect(balanced.disruption?.consolidationPolicy).toBe('Balanced');
  });
});
