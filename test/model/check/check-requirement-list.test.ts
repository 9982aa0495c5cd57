/**
 * The requirement check NodePools and NodeOverlays share: the same wording for both kinds,
 * with what differs (operators that need values, restricted keys) given by each kind.
 */
import { errorsOfCluster, MINIMAL } from '../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const GATES = 'karpenter:\n  featureGates:\n    nodeOverlay: true\n';
const requirements = (...lines: string[]) => `    requirements:\n${lines.join('')}`;
const poolWith = (body: string) =>
  errorsOfCluster(`${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n${body}`);
const overlayWith = (body: string) =>
  errorsOfCluster(`${MINIMAL}${GATES}nodeOverlays:\n  o:\n${body}    price: "1"\n`);

describe('requirement list', () => {
  it('a node pool: In needs values, NotIn does not; a bad Gt value; minValues above the values listed', () => {
    expect(
      poolWith(
        requirements(
          '      - key: example.com/a\n        operator: In\n        values: []\n',
          '      - key: example.com/b\n        operator: NotIn\n        values: []\n',
          '      - key: example.com/c\n        operator: Lt\n        values: ["1", "2"]\n',
          '      - key: example.com/d\n        operator: In\n        values: [x]\n        minValues: 2\n',
        ),
      ),
    ).toEqual([
      'clusters/demo.yaml:16:17 nodePools.p.requirements[0].values: operator In needs at least one value. List at least one value under values.',
      'clusters/demo.yaml:22:17 nodePools.p.requirements[2].values: operator Lt needs exactly one positive whole number. Write values: ["2"].',
      'clusters/demo.yaml:26:20 nodePools.p.requirements[3].minValues: minValues 2 is more than the 1 values listed. Lower minValues or list more values.',
    ]);
  });

  it('a node overlay: In and NotIn need values, reported at the operator when values are absent', () => {
    expect(
      overlayWith(
        requirements(
          '      - key: example.com/a\n        operator: NotIn\n',
          '      - key: example.com/b\n        operator: Gte\n',
          '      - key: example.com/c\n        operator: Exists\n        values: [x]\n',
        ),
      ),
    ).toEqual([
      'clusters/demo.yaml:14:19 nodeOverlays.o.requirements[0].operator: operator NotIn needs at least one value. List at least one value under values.',
      'clusters/demo.yaml:16:19 nodeOverlays.o.requirements[1].operator: operator Gte needs exactly one positive whole number. Write values: ["2"].',
      'clusters/demo.yaml:19:17 nodeOverlays.o.requirements[2].values: operator Exists takes no values. Remove values.',
    ]);
  });
});
