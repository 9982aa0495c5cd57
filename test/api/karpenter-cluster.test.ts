/**
 * KarpenterCluster: one cluster's fleet description as props puts the same objects into the
 * user's chart as the YAML path generates, with the YAML path's defaults, checks and messages.
 */
import { App, Chart } from 'cdk8s';
import { KarpenterCluster, KarpenterClusterProps, UserError, validateObjects } from '../../api';
import { karpenterGenerator } from '../../charts/karpenter/karpenter-generator';
import { loadFleetFromSources } from '../../model/load-fleet';
import { parse } from 'yaml';
import { textsOf } from '../../model';

const PROPS: KarpenterClusterProps = {
  aws: { accountId: '111122223333', region: 'eu-west-1' },
  gitops: { repoURL: 'https://github.com/example/gitops.git', destination: { name: 'shop' } },
  nodeClasses: { default: { alias: 'al2023@v20260714' } },
  nodePools: {
    general: {
      nodeClass: 'default',
      capacityTypes: ['spot', 'on-demand'],
      instanceCategories: { in: ['c', 'm', 'r'], minValues: 2 },
      limits: { cpu: '200', memory: '800Gi' },
    },
  },
};

function objectsOf(props: KarpenterClusterProps, id = 'shop'): Record<string, unknown>[] {
  const app = new App({ outdir: '.', recordConstructMetadata: false });
  const chart = new Chart(app, 'platform');
  new KarpenterCluster(chart, id, props);
  return chart.toJson() as Record<string, unknown>[];
}

describe('KarpenterCluster', () => {
  test('puts the node class and pool into the chart, with the defaults of the YAML path', () => {
    const objects = objectsOf(PROPS);
    expect(objects.map((o) => `${String(o.kind)}/${String((o.metadata as { name: string }).name)}`)).toEqual([
      'EC2NodeClass/default',
      'NodePool/general',
    ]);
    const pool = objects[1] as {
      spec: {
        template: { spec: { nodeClassRef: unknown; requirements: { key: string; operator: string }[] } };
        limits: unknown;
        disruption: { consolidationPolicy: string; consolidateAfter: string };
      };
    };
    expect(pool.spec.template.spec.nodeClassRef).toEqual({
      group: 'karpenter.k8s.aws',
      kind: 'EC2NodeClass',
      name: 'default',
    });
    expect(pool.spec.limits).toEqual({ cpu: '200', memory: '800Gi' });
    expect(pool.spec.template.spec.requirements).toContainEqual({
      key: 'karpenter.sh/capacity-type',
      operator: 'In',
      values: ['spot', 'on-demand'],
    });
    expect(pool.spec.template.spec.requirements).toContainEqual({
      key: 'karpenter.k8s.aws/instance-category',
      operator: 'In',
      values: ['c', 'm', 'r'],
      minValues: 2,
    });
    expect(pool.spec.disruption.consolidationPolicy).toBe('WhenEmptyOrUnderutilized');
    expect(validateObjects(objects)).toEqual([]);
  });

  test('the objects are exactly those the YAML path generates for the same description', () => {
    const fromYaml = textsOf(
      karpenterGenerator(
        loadFleetFromSources([{ path: 'clusters/shop.yaml', text: JSON.stringify(PROPS) }]).fleet,
      ),
    );
    const expected = [...fromYaml.values()].map((text) => parse(text) as unknown);
    expect(objectsOf(PROPS)).toEqual(expected);
  });

  test('a mistake throws UserError naming the construct path and the field, with the YAML path message', () => {
    const bad = {
      ...PROPS,
      nodePools: { general: { ...PROPS.nodePools!.general, consolidationPolicy: 'WhenUnderutilized' } },
    } as unknown as KarpenterClusterProps;
    let thrown: unknown;
    try {
      objectsOf(bad);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(UserError);
    const yamlPath = (() => {
      try {
        loadFleetFromSources([{ path: 'clusters/shop.yaml', text: JSON.stringify(bad) }]);
      } catch (err) {
        return (err as UserError).diagnostics;
      }
      return [];
    })();
    const diagnostics = (thrown as UserError).diagnostics;
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.map((d) => [d.file, d.line, d.path, d.message, d.fix])).toEqual(
      yamlPath.map((d) => ['platform/shop', 0, d.path, d.message, d.fix]),
    );
    expect((thrown as UserError).message).toContain('platform/shop: nodePools.general');
  });

  test('a missing required field is reported as for a fleet file', () => {
    const noRegion = { ...PROPS, aws: { accountId: '111122223333' } } as unknown as KarpenterClusterProps;
    expect(() => objectsOf(noRegion)).toThrow(
      "platform/shop: aws.region: missing required key 'region'. Add region, e.g. region: eu-west-1.",
    );
  });

  test('the cluster name is the construct id unless name is set', () => {
    const app = new App({ outdir: '.', recordConstructMetadata: false });
    const chart = new Chart(app, 'platform');
    expect(new KarpenterCluster(chart, 'shop', PROPS).model.name).toBe('shop');
    expect(new KarpenterCluster(chart, 'other', { ...PROPS, name: 'payments' }).model.name).toBe('payments');
  });
});
