/**
 * synth/fleet-origin.ts through `synth`: findings on the generated Helm values and Argo CD
 * objects point at the fleet field their value came from (karpenter.helmValues, karpenter.*,
 * gitops.*), a requirement written with a shorthand at the shorthand, and a value no fleet field
 * wrote keeps its dist/ position.
 */
import { join } from 'node:path';
import { Diagnostic } from '../../model';
import { EXIT_USER_ERROR, loadFleetFromDir } from '../../io/cli-common';
import { synthCli, SynthDeps } from '../../synth/synth';
import { fleetPathsOf } from '../../synth/fleet-origin';
import { DEFAULTS, MINIMAL } from '../support/fleet-files';
import { makeTempProject, readTree, removeTempProject, writeTree } from './dist-fixture';

/** MINIMAL (lines 1-6) plus these lines from line 7 on. */
const ALPHA = `${MINIMAL}  clusterLabels: { env: prod }
  targetRevision: release
karpenter:
  featureGates:
    spotToSpotConsolidation: true
  helmValues:
    settings:
      batchMaxDuration: 15s
nodeClasses:
  default:
    alias: al2023@v20260714
nodePools:
  web:
    nodeClass: default
    capacityTypes: [spot]
    instanceFamilies: { notIn: [t2, t3], minValues: 2 }
    instanceGenerationGreaterThan: 5
    requirements:
      - key: kubernetes.io/arch
        operator: In
        values: [arm64]
`;

let project: string;
let err: string[];

function finding(file: string, path: string): Diagnostic {
  return { severity: 'error', file, line: 3, col: 5, path, message: 'refused by the schema' };
}

function run(found: readonly Diagnostic[], alpha = ALPHA): string {
  const validate: SynthDeps['validate'] = () => found;
  writeTree(join(project, 'clusters'), { '_defaults.yaml': DEFAULTS, 'alpha.yaml': alpha });
  expect(
    synthCli(
      [],
      { out: () => undefined, err: (l) => err.push(l), cwd: project },
      { loadFleet: loadFleetFromDir, validate },
      project,
    ),
  ).toBe(EXIT_USER_ERROR);
  expect(readTree(join(project, 'dist'))).toEqual({ 'keep/me.yaml': 'previous: output\n' });
  return err.join('\n');
}

beforeEach(() => {
  project = makeTempProject();
  writeTree(join(project, 'dist'), { 'keep/me.yaml': 'previous: output\n' });
  err = [];
});
afterEach(() => removeTempProject(project));

describe('findings on the generated Helm values', () => {
  test('a value from karpenter.helmValues points at it', () => {
    const text = run([finding('dist/alpha/values/karpenter.yaml', 'settings.batchMaxDuration')]);
    expect(text).toContain(
      'clusters/alpha.yaml:14:25 karpenter.helmValues.settings.batchMaxDuration: refused by the schema (in the generated dist/alpha/values/karpenter.yaml, at settings.batchMaxDuration)',
    );
  });

  test('a value the tool sets from a fleet field points at that field', () => {
    const text = run([
      finding('dist/alpha/values/karpenter.yaml', 'settings.featureGates.spotToSpotConsolidation'),
    ]);
    expect(text).toContain(
      'clusters/alpha.yaml:11:30 karpenter.featureGates.spotToSpotConsolidation: refused by the schema',
    );
  });

  test('a value no fleet field wrote keeps its dist/ position', () => {
    const text = run([
      finding('dist/alpha/values/karpenter.yaml', 'affinity.podAntiAffinity'),
      finding('dist/alpha/values/karpenter.yaml', 'logLevel'),
    ]);
    expect(text).toContain(
      'dist/alpha/values/karpenter.yaml:3:5 affinity.podAntiAffinity: refused by the schema',
    );
    // logLevel comes from karpenter.controller.logLevel, which this file does not write (the default).
    expect(text).toContain('dist/alpha/values/karpenter.yaml:3:5 logLevel: refused by the schema');
  });
});

describe('findings on the generated Argo CD objects', () => {
  test('gitops fields of an Application, the AppProject and the fleet root', () => {
    const text = run([
      finding('dist/alpha/argocd/application-controller.yaml', 'spec.destination.name'),
      finding('dist/alpha/argocd/application-controller.yaml', 'spec.sources[1].repoURL'),
      finding('dist/alpha/argocd/application-nodepools.yaml', 'metadata.labels.env'),
      finding('dist/fleet/root-alpha.yaml', 'spec.source.targetRevision'),
    ]);
    expect(text).toContain(
      'clusters/alpha.yaml:6:11 gitops.destination.name: refused by the schema (in the generated dist/alpha/argocd/application-controller.yaml, at spec.destination.name)',
    );
    // repoURL is written in _defaults.yaml.
    expect(text).toContain('clusters/_defaults.yaml:2:12 gitops.repoURL: refused by the schema');
    expect(text).toContain('clusters/alpha.yaml:7:25 gitops.clusterLabels.env: refused by the schema');
    expect(text).toContain(
      'clusters/alpha.yaml:8:19 gitops.targetRevision: refused by the schema (in the generated dist/fleet/root-alpha.yaml',
    );
  });

  test("the chart's own source and the tool's labels keep their dist/ positions", () => {
    const text = run([
      finding('dist/alpha/argocd/application-controller.yaml', 'spec.sources[0].repoURL'),
      finding(
        'dist/alpha/argocd/application-controller.yaml',
        'metadata.labels.app.kubernetes.io/managed-by',
      ),
      finding('dist/fleet/root-alpha.yaml', 'spec.project'),
    ]);
    expect(text).toContain('dist/alpha/argocd/application-controller.yaml:3:5 spec.sources[0].repoURL:');
    expect(text).toContain(
      'dist/alpha/argocd/application-controller.yaml:3:5 metadata.labels.app.kubernetes.io/managed-by:',
    );
    expect(text).toContain('dist/fleet/root-alpha.yaml:3:5 spec.project:');
  });
});

describe('values brought by a YAML alias', () => {
  test('a finding is placed where the alias is used', () => {
    const alpha = `tags: &labels { env: prod }\n${MINIMAL}  clusterLabels: *labels\n`;
    const text = run([finding('dist/alpha/argocd/application-base.yaml', 'metadata.labels.env')], alpha);
    // line 8: `  clusterLabels: *labels`, not the anchor on line 1.
    expect(text).toContain('clusters/alpha.yaml:8:18 gitops.clusterLabels.env: refused by the schema');
  });
});

describe('requirements written with a shorthand', () => {
  test('each generated requirement points at what the user wrote', () => {
    const pool = 'dist/alpha/karpenter/nodepool-web.yaml';
    const at = 'spec.template.spec.requirements';
    const text = run([
      finding(pool, `${at}[0].values[0]`), // capacityTypes: [spot]
      finding(pool, `${at}[1].values[1]`), // instanceFamilies.notIn[1]
      finding(pool, `${at}[1].minValues`),
      finding(pool, `${at}[2].operator`), // instanceGenerationGreaterThan
      finding(pool, `${at}[3].values[0]`), // requirements[0]
    ]);
    expect(text).toContain('clusters/alpha.yaml:21:21 nodePools.web.capacityTypes[0]: refused');
    expect(text).toContain('clusters/alpha.yaml:22:37 nodePools.web.instanceFamilies.notIn[1]: refused');
    expect(text).toContain('clusters/alpha.yaml:22:53 nodePools.web.instanceFamilies.minValues: refused');
    expect(text).toContain('clusters/alpha.yaml:23:36 nodePools.web.instanceGenerationGreaterThan: refused');
    expect(text).toContain('clusters/alpha.yaml:27:18 nodePools.web.requirements[0].values[0]: refused');
  });
});

describe('fleetPathsOf', () => {
  it.each([
    [
      'dist/a/values/karpenter.yaml',
      'replicas',
      'karpenter,helmValues,replicas|karpenter,controller,replicas',
    ],
    [
      'dist/a/values/karpenter.yaml',
      'settings.clusterName',
      'karpenter,helmValues,settings,clusterName|name',
    ],
    ['dist/a/argocd/appproject.yaml', 'metadata.name', 'gitops,project'],
    ['dist/a/argocd/application-base.yaml', 'metadata.name', ''],
    ['dist/a/argocd/application-base.yaml', 'metadata.labels.karpenter-gitops.io/ring', 'gitops,ring'],
    ['dist/fleet/root-a.yaml', 'spec.destination.server', ''],
    // Fields of an imported version pass through under Karpenter's name (model/schema/pass-through-kinds.ts).
    [
      'dist/a/karpenter/nodepool-web.yaml',
      'spec.template.spec.drainPolicy.mode',
      'nodePools,web,drainPolicy,mode',
    ],
    ['dist/a/karpenter/nodepool-web.yaml', 'spec.schedulingPriority', 'nodePools,web,schedulingPriority'],
    ['dist/a/karpenter/nodepool-web.yaml', 'spec.template.metadata.labels.team', 'nodePools,web,labels,team'],
    ['dist/a/karpenter/nodeoverlay-cheap.yaml', 'spec.note', 'nodeOverlays,cheap,note'],
    [
      'dist/a/karpenter/capacitybuffer-capacity-buffers.head.room.yaml',
      'spec.limits.nvidia.com/gpu',
      'capacityBuffers,head.room,limits,nvidia.com/gpu',
    ],
    [
      'dist/a/karpenter/capacitybuffer-web.headroom.yaml',
      'spec.priority',
      'capacityBuffers,headroom,priority',
    ],
  ])('%s %s', (file, path, expected) => {
    expect(
      fleetPathsOf(file, path)
        ?.candidates.map((c) => c.path.join(','))
        .join('|'),
    ).toBe(expected);
  });
});
