import { parse } from 'yaml';
import { karpenterGenerator } from '../../../charts/karpenter/karpenter-generator';
import {
  clusterFixture,
  fleetFixture,
  MAXIMAL_NODE_CLASS,
  MINIMAL_NODE_POOL,
} from '../../support/fleet-fixtures';
import { textsOf } from '../../../model';

describe('karpenterGenerator', () => {
  const files = textsOf(karpenterGenerator(fleetFixture()));

  test('one file per resource at the dist-layout paths, classes before pools per cluster', () => {
    expect([...files.keys()]).toEqual([
      'batch/karpenter/ec2nodeclass-default.yaml',
      'batch/karpenter/nodepool-general.yaml',
      'ticketing/karpenter/ec2nodeclass-bottlerocket-arm.yaml',
      'ticketing/karpenter/ec2nodeclass-default.yaml',
      'ticketing/karpenter/nodepool-dataops.yaml',
      'ticketing/karpenter/nodepool-general.yaml',
    ]);
  });

  test('each file holds exactly one document of the right kind and name', () => {
    for (const [path, text] of files) {
      const docs = text.split(/^---$/m);
      expect(docs).toHaveLength(1);
      const obj = parse(text);
      const [, , file] = path.split('/');
      const expectedKind = file.startsWith('ec2nodeclass-') ? 'EC2NodeClass' : 'NodePool';
      expect(obj.kind).toBe(expectedKind);
      expect(`${obj.kind === 'EC2NodeClass' ? 'ec2nodeclass' : 'nodepool'}-${obj.metadata.name}.yaml`).toBe(
        file,
      );
    }
  });

  test('the same pool name in two clusters gives two files with no hash suffix', () => {
    const a = parse(files.get('batch/karpenter/nodepool-general.yaml') as string);
    const b = parse(files.get('ticketing/karpenter/nodepool-general.yaml') as string);
    expect(a.metadata.name).toBe('general');
    expect(b.metadata.name).toBe('general');
  });

  test('files start with apiVersion and end with one newline', () => {
    for (const text of files.values()) {
      expect(text.startsWith('apiVersion: ')).toBe(true);
      expect(text.endsWith('\n')).toBe(true);
      expect(text.endsWith('\n\n')).toBe(false);
    }
  });

  test('deterministic: a second run gives identical text', () => {
    expect(textsOf(karpenterGenerator(fleetFixture()))).toEqual(files);
  });

  test('map key order does not depend on the model insertion order', () => {
    const reordered = {
      ...MAXIMAL_NODE_CLASS,
      tags: { team: 'ticketing', 'cost-center': '1234' },
    };
    const swapped = { ...MAXIMAL_NODE_CLASS, tags: { 'cost-center': '1234', team: 'ticketing' } };
    const one = textsOf(karpenterGenerator({ clusters: [clusterFixture('c', [reordered], [])] }));
    const two = textsOf(karpenterGenerator({ clusters: [clusterFixture('c', [swapped], [])] }));
    expect(one).toEqual(two);
  });

  test('a fleet without clusters gives no files', () => {
    expect(textsOf(karpenterGenerator({ clusters: [] })).size).toBe(0);
  });

  test('pools are emitted on their own (reference checks belong to the loader and the validator)', () => {
    const out = textsOf(karpenterGenerator({ clusters: [clusterFixture('solo', [], [MINIMAL_NODE_POOL])] }));
    expect([...out.keys()]).toEqual(['solo/karpenter/nodepool-general.yaml']);
  });
});
