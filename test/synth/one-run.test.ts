/**
 * One run, every mistake (issue 35): when one cluster's description has errors, the clusters
 * whose own description is valid are still generated and validated, and all of it is reported
 * together; a finding on a generated object points at the fleet field its value came from; the
 * fleet's warnings are printed with output-stage errors; dist/ is never touched.
 */
import { join } from 'node:path';
import { Diagnostic, FleetModel } from '../../model';
import { EXIT_USER_ERROR } from '../../io/cli-common';
import { loadFleetFromDir } from '../../io/cli-common';
import { synthCli, SynthDeps } from '../../synth/synth';
import { atFleetFields, fleetPathsOf } from '../../synth/fleet-origin';
import { DEFAULTS, MINIMAL, minimalFor } from '../support/fleet-files';
import { makeTempProject, readTree, removeTempProject, writeTree } from './dist-fixture';

const POOLS = `nodeClasses:
  default:
    alias: al2023@v20260714
nodePools:
  web:
    nodeClass: default
    disruption:
      budgets:
        - nodes: "0"
          schedule: "0 9 * * mon-fri"
          duration: 8h
`;

let project: string;
let err: string[];
const validated: string[][] = [];

/** A validator that finds one problem on every generated NodePool's budget schedule. */
const validate: SynthDeps['validate'] = (fleet: FleetModel) => {
  validated.push(fleet.clusters.map((c) => c.name));
  return fleet.clusters.flatMap((c): Diagnostic[] =>
    c.nodePools.map((p) => ({
      severity: 'error',
      file: `dist/${c.name}/karpenter/nodepool-${p.name}.yaml`,
      line: 20,
      col: 19,
      path: 'spec.disruption.budgets[0].schedule',
      message: 'must match pattern "^(@(annually|yearly))"',
    })),
  );
};

function run(): number {
  return synthCli(
    [],
    { out: () => undefined, err: (l) => err.push(l), cwd: project },
    { loadFleet: loadFleetFromDir, validate },
    project,
  );
}

beforeEach(() => {
  project = makeTempProject();
  writeTree(join(project, 'dist'), { 'keep/me.yaml': 'previous: output\n' });
  err = [];
  validated.length = 0;
});
afterEach(() => removeTempProject(project));

describe('one run, every mistake', () => {
  test("a valid cluster's generated objects are validated although another cluster has errors", () => {
    writeTree(join(project, 'clusters'), {
      '_defaults.yaml': DEFAULTS,
      'alpha.yaml': `${minimalFor('alpha')}${POOLS}`,
      'beta.yaml': `${minimalFor('beta')}nodePools:\n  broken:\n    nodeClass: missing\n`,
    });
    expect(run()).toBe(EXIT_USER_ERROR);
    expect(validated).toEqual([['alpha']]);
    const text = err.join('\n');
    // beta's own mistake, and alpha's output-stage finding at alpha's fleet line (line 16: schedule).
    expect(text).toMatch(/^clusters\/beta\.yaml:\d+:\d+ nodePools\.broken\.nodeClass: /m);
    expect(text).toContain(
      'clusters/alpha.yaml:16:21 nodePools.web.disruption.budgets[0].schedule: must match pattern "^(@(annually|yearly))" (in the generated dist/alpha/karpenter/nodepool-web.yaml, at spec.disruption.budgets[0].schedule)',
    );
    expect(readTree(join(project, 'dist'))).toEqual({ 'keep/me.yaml': 'previous: output\n' });
  });

  test('fleet warnings are printed with output-stage errors', () => {
    writeTree(join(project, 'clusters'), {
      '_defaults.yaml': DEFAULTS,
      // A budget of 0 nodes without a schedule blocks drift forever: a fleet warning.
      'alpha.yaml': `${MINIMAL}${POOLS.replace('          schedule: "0 9 * * mon-fri"\n          duration: 8h\n', '')}`,
    });
    expect(run()).toBe(EXIT_USER_ERROR);
    const text = err.join('\n');
    expect(text).toMatch(
      /warning: nodePools\.web\.disruption\.budgets\[0\]\.nodes: this budget allows 0 nodes at all times/,
    );
    expect(text).toMatch(
      /clusters\/alpha\.yaml:\d+:\d+ nodePools\.web\.disruption\.budgets\[0\]: must match pattern/,
    );
    expect(readTree(join(project, 'dist'))).toEqual({ 'keep/me.yaml': 'previous: output\n' });
  });
});

describe('fleetPathsOf', () => {
  it.each([
    [
      'dist/a/karpenter/nodepool-web.yaml',
      'spec.disruption.budgets[1].schedule',
      'nodePools,web,disruption,budgets,1,schedule',
    ],
    [
      'a/karpenter/nodepool-web.yaml',
      'spec.template.metadata.labels.team.example.com/x',
      'nodePools,web,labels,team.example.com/x',
    ],
    ['a/karpenter/nodepool-web.yaml', 'spec.template.spec.taints[0].value', 'nodePools,web,taints,0,value'],
    // Any other spec field is looked for under Karpenter's own name (an imported version's fields
    // pass through as written); a field not written falls back to the pool (minLength 1).
    ['a/karpenter/nodepool-web.yaml', 'spec.weightless', 'nodePools,web,weightless'],
    ['a/karpenter/nodepool-web.yaml', 'spec', 'nodePools,web'],
    [
      'a/karpenter/ec2nodeclass-default.yaml',
      'spec.tags.cost-center',
      'nodeClasses,default,tags,cost-center',
    ],
    ['a/karpenter/ec2nodeclass-default.yaml', 'spec.userData', 'nodeClasses,default,userData'],
    [
      'a/karpenter/nodeoverlay-sp.yaml',
      'spec.requirements[1].values',
      'nodeOverlays,sp,requirements,1,values',
    ],
    [
      'a/karpenter/nodeoverlay-sp.yaml',
      'spec.capacity.nvidia.com/gpu-slice',
      'nodeOverlays,sp,capacity,nvidia.com/gpu-slice',
    ],
  ])('%s %s', (file, path, expected) => {
    expect(fleetPathsOf(file, path)?.candidates[0].path.join(',')).toBe(expected);
  });

  it('leaves findings on other files where they are', () => {
    const d: Diagnostic = {
      severity: 'error',
      file: 'dist/a/base/namespace-karpenter.yaml',
      line: 3,
      col: 1,
      path: 'x',
      message: 'm',
    };
    expect(atFleetFields([d], { clusters: [] }, () => undefined, undefined)).toEqual([d]);
  });
});
