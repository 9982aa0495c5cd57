/**
 * synth's refusals of a conversion are errors at the source line of the value, every one in one
 * run; the output is still made (to fix by hand). The cases come from real manifests.
 */
import { convertText } from './convert-helpers';

const MANIFESTS = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: general
spec:
  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements:
        - key: karpenter.k8s.aws/instance-category
          operator: In
          values: ["c", "gpu"]
  limits:
    cpu: 100
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  amiSelectorTerms:
    - alias: al2@lates
  role: KarpenterNodeRole-shop
  subnetSelectorTerms:
    - tags:
        karpenter.sh/discovery: shop
  securityGroupSelectorTerms:
    - tags: {}
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: byid
spec:
  amiFamily: AL2
  amiSelectorTerms:
    - id: ami-0d1d7c8c32a476XXX
  role: KarpenterNodeRole-shop
  subnetSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
  securityGroupSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
`;

test('each refusal is an error at its value, all in one run, and the output is still there', () => {
  const r = convertText(MANIFESTS, { cluster: 'shop' }, 'karpenter.yaml');
  expect(r.ok).toBe(false);
  expect(r.yaml).toContain('nodePools:\n  general:\n');
  expect(r.refusals).toBe(r.diagnostics.length);
  expect(r.diagnostics.map((d) => [d.line, d.col, d.path, d.message])).toEqual([
    [
      12,
      25,
      'document 1 NodePool/general spec.template.spec.requirements[0].values[1] -> nodePools.general.instanceCategories[1]',
      "synth refuses it: 'gpu' is not an instance category Karpenter 1.14.1 knows (1336 instance types)",
    ],
    [
      22,
      7,
      'document 2 EC2NodeClass/default spec.amiSelectorTerms[0].alias -> nodeClasses.default.alias',
      "synth refuses it: 'al2@lates' is not an AMI alias of the form family@version",
    ],
    [
      28,
      7,
      'document 2 EC2NodeClass/default spec.securityGroupSelectorTerms[0] -> nodeClasses.default.securityGroupSelectorTerms[0]',
      'synth refuses it: selector term is empty',
    ],
    [
      37,
      7,
      'document 3 EC2NodeClass/byid spec.amiSelectorTerms[0].id -> nodeClasses.byid.amiSelectorTerms[0].id',
      "synth refuses it: 'ami-0d1d7c8c32a476XXX' is not an AMI ID",
    ],
  ]);
  expect(r.diagnostics.every((d) => d.severity === 'error' && d.file === 'karpenter.yaml')).toBe(true);
});

const ALIASES_AND_USER_DATA = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: br
spec:
  amiSelectorTerms:
    - alias: bottlerocket@latest/karpenter
  role: KarpenterNodeRole-shop
  subnetSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
  securityGroupSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: ubuntu
spec:
  amiSelectorTerms:
    - alias: ubuntu@latest
  role: KarpenterNodeRole-shop
  subnetSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
  securityGroupSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: al2
spec:
  amiSelectorTerms:
    - alias: al2@v20240807
  role: KarpenterNodeRole-shop
  userData: |
    echo hello
  subnetSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
  securityGroupSelectorTerms:
    - tags: { karpenter.sh/discovery: shop }
`;

test('aliases synth refuses and an AL2 userData without #!: errors at the alias and userData lines', () => {
  const r = convertText(ALIASES_AND_USER_DATA, { cluster: 'shop' }, 'classes.yaml');
  expect(r.ok).toBe(false);
  expect(r.diagnostics.map((d) => [d.line, d.col, d.path, d.message.split(':')[0]])).toEqual([
    [
      7,
      7,
      'document 1 EC2NodeClass/br spec.amiSelectorTerms[0].alias -> nodeClasses.br.alias',
      'synth refuses it',
    ],
    [
      20,
      7,
      'document 2 EC2NodeClass/ubuntu spec.amiSelectorTerms[0].alias -> nodeClasses.ubuntu.alias',
      'synth refuses it',
    ],
    [35, 3, 'document 3 EC2NodeClass/al2 spec.userData -> nodeClasses.al2.userData', 'synth refuses it'],
  ]);
  expect(r.diagnostics[0].message).toContain("'bottlerocket@latest/karpenter' is not an AMI alias");
  expect(r.diagnostics[1].message).toContain("unknown AMI alias family 'ubuntu'");
  expect(r.diagnostics[2].message).toContain('neither a shell script (no #! line) nor MIME multi-part');
});

test("synth's warnings stay report lines (level warning, action checked) and do not fail the run", () => {
  const r = convertText(
    MANIFESTS.split('---')[1].replace('al2@lates', 'al2023@v20260714').replace('tags: {}', 'tags: { a: b }'),
    {
      cluster: 'shop',
    },
  );
  expect(r.ok).toBe(true);
  expect(r.entries.filter((e) => e.action === 'checked').every((e) => e.level === 'warning')).toBe(true);
});

test('the rest of the target fleet counts: a destination another cluster uses is refused', () => {
  const other = `aws: { accountId: "999988887777", region: ap-northeast-2 }
gitops: { destination: { name: shop } }
`;
  const r = convertText(
    MANIFESTS.split('---')[1].replace('al2@lates', 'al2023@v20260714').replace('tags: {}', 'tags: { a: b }'),
    {
      cluster: 'shop',
      destination: 'shop',
      fleet: {
        dir: 'clusters',
        sources: [
          {
            path: 'clusters/_defaults.yaml',
            text: 'gitops: { repoURL: https://github.com/example/g.git }\n',
          },
          { path: 'clusters/web.yaml', text: other },
        ],
      },
    },
  );
  expect(r.ok).toBe(false);
  expect(r.diagnostics.map((d) => [d.file, d.line, d.path, d.message])).toEqual([
    [
      'input.yaml',
      0,
      'fleet description -> gitops.destination',
      "synth refuses it: Argo CD destination 'shop' is also used by clusters/web.yaml:2:11",
    ],
  ]);
  expect(r.diagnostics[0].fix).toMatch(/; or pass --destination NAME to convert$/);
});
