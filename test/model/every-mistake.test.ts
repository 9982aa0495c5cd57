/**
 * "Every mistake in one run": the fixture fleet holds one mistake of every kind the loader
 * finds (syntax, schema, mis-indent, semantic, facts, resolved values, across files); a single
 * run must report all of them, so fixing one run's errors never uncovers another.
 */
import { resolve } from 'node:path';
import { Diagnostic, formatDiagnostic, sortDiagnostics } from '../../model/shared/diagnostics';
import { loadFleet } from '../../io/read-fleet';
import { refusalOf } from '../support/fleet-files';

const ROOT = resolve(__dirname, '..', 'fixtures', 'every-mistake');

function diagnostics(): Diagnostic[] {
  return sortDiagnostics(refusalOf(() => loadFleet(ROOT)));
}

/** Where each mistake is reported, its field, and a fragment of what is said. */
const EXPECTED: readonly (readonly [string, string, RegExp])[] = [
  // a region typo, with a did-you-mean from the SDK's partition data
  ['alpha.yaml:3:11', 'aws.region', /'eu-centrall-1' is not an AWS region.*Did you mean 'eu-central-1'\?/],
  // a duplicate Argo CD destination, reported once
  [
    'alpha.yaml:5:3',
    'gitops.destination',
    /destination 'shared-target' is also used by clusters\/gamma\.yaml:8:3\./,
  ],
  // an AMI family AWS does not publish for the Kubernetes version
  ['alpha.yaml:11:12', 'nodeClasses.default.alias', /AWS publishes no al2 AMIs for Kubernetes 1\.33/],
  // a resolved-value check, despite the errors before it
  ['alpha.yaml:12:11', 'nodeClasses.default.role', /not this cluster's node role 'alpha-nodes'/],
  // an instance type typo
  [
    'alpha.yaml:16:21',
    'nodePools.web.instanceTypes[0]',
    /'m5\.lage' is not an instance type.*Did you mean 'm5\.large'\?/,
  ],
  // a mis-indented key
  [
    'alpha.yaml:19:7',
    'nodePools.web.disruption.limits',
    /'limits' looks mis-indented.*one level up, in nodePools\.web/,
  ],
  // a misspelt key
  ['alpha.yaml:21:5', 'nodePools.web.expireAftr', /unknown key 'expireAftr'.*Did you mean 'expireAfter'\?/],
  // a reference to a node class that does not exist
  [
    'alpha.yaml:23:16',
    'nodePools.api.nodeClass',
    /node class 'defualt' does not exist.*Did you mean 'default'\?/,
  ],
  // a missing required key: the rest of the file is still checked
  ['beta.yaml:2:3', 'aws.region', /missing required key 'region'/],
  // a pool name shared with _defaults.yaml, not declared as an override
  [
    'beta.yaml:10:3',
    'nodePools.general',
    /node pool 'general' is also defined in clusters\/_defaults\.yaml:6:3/,
  ],
  // a duration unit Karpenter does not accept, found despite the missing key
  ['beta.yaml:12:18', 'nodePools.general.expireAfter', /'30d' is not a duration.*Use 720h/],
  // requirements that leave no instance type
  ['beta.yaml:16:5', 'nodePools.batch.instanceFamilies', /no instance type Karpenter 1\.14\.1 knows is left/],
  // a YAML syntax error: only its own file stops
  ['broken.yaml:3:1', '', /YAML syntax error/],
  // a value of the wrong type
  ['gamma.yaml:6:15', 'karpenter.controller.replicas', /expected a whole number, got text 'two'/],
  // an override of nothing
  ['gamma.yaml:11:17', 'overridesDefaults.nodeClasses[0]', /'default' overrides nothing/],
  // a zone of another region, and a zone ID where names belong
  [
    'gamma.yaml:18:13',
    'nodePools.edge.zones[0]',
    /zone 'us-east-1a' is in region us-east-1, but this cluster is in eu-west-1/,
  ],
  ['gamma.yaml:18:25', 'nodePools.edge.zones[1]', /'euw1-az1' is a zone ID/],
  // a pool left with one instance type (a warning, reported with the errors)
  ['gamma.yaml:19:5', 'nodePools.edge.instanceTypes', /only 1 instance type \(t3\.small\)/],
  // an invalid label value and an invalid cron schedule
  ['gamma.yaml:21:13', 'nodePools.edge.labels.tier', /'front end' is not a valid label value/],
  [
    'gamma.yaml:25:21',
    'nodePools.edge.disruption.budgets[0].schedule',
    /'every day' does not match the NodePool CRD's pattern for schedule, so the API server refuses the NodePool/,
  ],
];

describe('every mistake in one run', () => {
  const found = diagnostics();

  it('reports every mistake of the fixture, and nothing else', () => {
    expect(found.map((d) => `${d.file.replace(/^clusters\//, '')}:${d.line}:${d.col} ${d.path}`)).toEqual(
      EXPECTED.map(([where, path]) => `${where} ${path}`),
    );
  });

  it.each(EXPECTED.map((e, i) => [e[0], e[1], e[2], i] as const))(
    '%s %s says what is wrong',
    (_w, _p, re, i) => {
      expect(formatDiagnostic(found[i])).toMatch(re);
      expect(found[i].fix ?? '').not.toBe('');
    },
  );

  it('the instance-type shortage is a warning, everything else an error', () => {
    expect(found.filter((d) => d.severity === 'warning').map((d) => d.path)).toEqual([
      'nodePools.edge.instanceTypes',
    ]);
  });
});
