/**
 * The editor schemas (schema/*.schema.json): current, generated from the fleet schema and the
 * field docs, and never stricter than synth: every example, demo and test fleet file that synth
 * loads validates with ajv, while a misspelt field fails. A `$schema` comment is ignored by synth.
 */
import Ajv, { ValidateFunction } from 'ajv';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fleetFieldRows, generatedDocFiles } from '../../codegen/generate-fleet-reference';
import { fleetJsonSchema, literalDefault } from '../../codegen/generate-fleet-json-schema';
import { starterFleetSources } from '../../init/starter-fleet';
import { loadFleet } from '../../io/read-fleet';
import { DEFAULT_KARPENTER_VERSION, FLEET_JSON_SCHEMA_PATHS, yamlSchemaModeline } from '../../model';
import { FLEET_DEFAULTS } from '../../model/shared/fleet-defaults';
import { loadFleetFromSources } from '../../model/load-fleet';
import { DEFAULTS, MINIMAL, minimalFor } from '../support/fleet-files';

const ROOT = join(__dirname, '..', '..');

type Node = Record<string, unknown>;

/** Validators of the committed files, compiled by a plain strict ajv as an editor would use them. */
function compile(kind: 'cluster' | 'defaults'): ValidateFunction {
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
  ajv.addKeyword('markdownDescription');
  // yaml-language-server's (and VS Code's) message for a value of none of a field's types.
  ajv.addKeyword('errorMessage');
  return ajv.compile(JSON.parse(readFileSync(join(ROOT, FLEET_JSON_SCHEMA_PATHS[kind]), 'utf8')) as object);
}
const cluster = compile('cluster');
const defaults = compile('defaults');

function errorsOf(file: string, text: string): string[] {
  const validate = file.endsWith('_defaults.yaml') ? defaults : cluster;
  return validate(parse(text))
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

/**
 * The fleet folders of the fixtures that synth loads without an error (the demo fleet is a copy of
 * the example fleet in clusters/, which tests do not read: test/architecture/example-independence.test.ts).
 */
const FLEET_DIRS = [
  'test/fixtures/demo-fleet/clusters',
  'test/fixtures/coverage/clusters',
  'test/fixtures/coverage-overlays/clusters',
];

describe('the editor schemas', () => {
  it('are current: schema/*.schema.json are what npm run docs writes', () => {
    for (const [rel, text] of generatedDocFiles())
      if (rel.startsWith('schema/'))
        expect([rel, readFileSync(join(ROOT, rel), 'utf8')]).toEqual([rel, text]);
    expect([...generatedDocFiles().keys()].filter((p) => p.startsWith('schema/')).sort()).toEqual(
      Object.values(FLEET_JSON_SCHEMA_PATHS).sort(),
    );
  });

  it.each(FLEET_DIRS)('accept every file of %s, which synth loads', (rel) => {
    const dir = join(ROOT, rel);
    expect(() => loadFleet(ROOT, { clustersDir: rel })).not.toThrow();
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files)
      expect([f, errorsOf(join(dir, f), readFileSync(join(dir, f), 'utf8'))]).toEqual([f, []]);
  });

  it('accept the AMI-family traps (warnings, not schema errors), the starting fleet of init and the test fleets', () => {
    const traps = 'test/fixtures/ami-families/traps.yaml';
    expect(errorsOf(traps, readFileSync(join(ROOT, traps), 'utf8'))).toEqual([]);
    const starter = starterFleetSources({
      cluster: 'shop',
      accountId: '111122223333',
      region: 'eu-west-1',
      destination: 'shop',
      repoURL: 'https://github.com/example/gitops.git',
    });
    for (const s of starter) expect([s.path, errorsOf(s.path, s.text)]).toEqual([s.path, []]);
    expect(errorsOf('clusters/_defaults.yaml', DEFAULTS)).toEqual([]);
    expect(errorsOf('clusters/a.yaml', MINIMAL)).toEqual([]);
    expect(errorsOf('clusters/b.yaml', minimalFor('b'))).toEqual([]);
  });

  it("accept the README's first cluster", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /```yaml\n( *# clusters\/shop\.yaml[^]*?)```/.exec(readme);
    expect(block).not.toBeNull();
    expect(errorsOf('clusters/shop.yaml', (block as RegExpExecArray)[1])).toEqual([]);
  });

  it('reject a misspelt field, wherever it is, naming it', () => {
    const edge = readFileSync(join(ROOT, 'test/fixtures/demo-fleet/clusters/edge.yaml'), 'utf8');
    expect(errorsOf('clusters/edge.yaml', `${edge}\nnodePool: {}\n`)).toEqual([
      ' must NOT have additional properties {"additionalProperty":"nodePool"}',
    ]);
    const pool = 'nodePools:\n  web:\n    nodeClass: default\n    expireAftr: 720h\n';
    expect(errorsOf('clusters/x.yaml', pool)).toEqual([
      '/nodePools/web must NOT have additional properties {"additionalProperty":"expireAftr"}',
    ]);
    expect(errorsOf('clusters/x.yaml', 'aws:\n  acountId: "111122223333"\n')).toEqual([
      '/aws must NOT have additional properties {"additionalProperty":"acountId"}',
    ]);
    // The every-mistake fixture's misspelt key, which synth refuses too.
    const alpha = 'test/fixtures/every-mistake/clusters/alpha.yaml';
    expect(errorsOf(alpha, readFileSync(join(ROOT, alpha), 'utf8'))).toContainEqual(
      '/nodePools/web must NOT have additional properties {"additionalProperty":"expireAftr"}',
    );
  });

  it('reject a wrong value of a closed set, and keys only a cluster file may hold in _defaults.yaml', () => {
    expect(errorsOf('clusters/x.yaml', 'iam:\n  identity: pod-identiy\n')).toContainEqual(
      '/iam/identity must be equal to one of the allowed values {"allowedValues":["pod-identity","irsa"]}',
    );
    expect(errorsOf('clusters/_defaults.yaml', 'name: shop\n')).toEqual([
      ' must NOT have additional properties {"additionalProperty":"name"}',
    ]);
  });

  it('stay silent on what only the merged fleet decides: nothing is required', () => {
    // aws and gitops come from _defaults.yaml or the cluster file: either may lack them.
    expect(errorsOf('clusters/x.yaml', 'nodePools:\n  web:\n    weight: 10\n')).toEqual([]);
    const walk = (node: unknown, path: string, found: string[]): string[] => {
      if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${path}/${i}`, found));
      else if (node !== null && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) {
          if (k === 'required' || k.startsWith('x-') || k === '$ref') found.push(`${path}/${k}`);
          walk(v, `${path}/${k}`, found);
        }
      return found;
    };
    expect(walk(fleetJsonSchema('cluster'), '', [])).toEqual([]);
    expect(walk(fleetJsonSchema('defaults'), '', [])).toEqual([]);
  });

  it('describe every field of the field reference, with enums and defaults from the code', () => {
    const schema = fleetJsonSchema('cluster') as Node;
    /** The schema node of a field path as docs/fleet-fields.md names it. */
    const at = (path: string): Node => {
      let node = schema;
      for (const part of path.split('.').flatMap((p) => p.split(/(?=\[\])/))) {
        if (part === '[]') node = node.items as Node;
        else if (part === '<name>') node = node.additionalProperties as Node;
        else node = (node.properties as Record<string, Node>)[part];
        if (node === undefined) throw new Error(`no schema node at ${path}`);
      }
      return node;
    };
    const rows = fleetFieldRows();
    expect(rows.length).toBeGreaterThan(250);
    for (const row of rows) {
      const node = at(row.path);
      expect([row.path, typeof node.description]).toEqual([row.path, 'string']);
      expect(node.markdownDescription).toBe(node.description);
    }
    expect(at('aws.partition')).toMatchObject({
      enum: ['aws', 'aws-cn', 'aws-us-gov'],
      default: FLEET_DEFAULTS.partition,
    });
    expect(at('karpenter.version').enum).toContain(DEFAULT_KARPENTER_VERSION);
    expect(at('karpenter.version').default).toBe(DEFAULT_KARPENTER_VERSION);
    expect(at('karpenter.controller.replicas')).toMatchObject({
      type: 'integer',
      default: FLEET_DEFAULTS.controller.replicas,
    });
    expect(at('aws.accountId').description).toBe('12-digit AWS account ID, in quotes.');
  });

  it('give a default only where the docs name one literal value of the field type', () => {
    expect(literalDefault({ type: 'integer' }, { description: 'x', default: '`2`' })).toBe(2);
    expect(literalDefault({ type: 'boolean' }, { description: 'x', default: '`false`' })).toBe(false);
    expect(
      literalDefault({ type: 'string', enum: ['a'] }, { description: 'x', default: '`b`' }),
    ).toBeUndefined();
    expect(
      literalDefault({ type: 'string' }, { description: 'x', default: 'the cluster name' }),
    ).toBeUndefined();
    expect(literalDefault({ type: 'object' }, { description: 'x', default: '`cpu: 1`' })).toBeUndefined();
    // Every default in the schema is valid for its own field.
    const ajv = new Ajv({ strict: false, allowUnionTypes: true });
    const check = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => check(n, `${path}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const n = node as Node;
      if ('default' in n) {
        const { default: value, ...rest } = n;
        expect([path, ajv.validate(rest, value)]).toEqual([path, true]);
      }
      for (const [k, v] of Object.entries(n)) if (k !== 'default') check(v, `${path}/${k}`);
    };
    check(fleetJsonSchema('cluster'), '');
  });
});

describe('a $schema line in a fleet file', () => {
  it('is a comment synth ignores, whichever version it points to', () => {
    const files = (line: string) => [
      { path: 'clusters/_defaults.yaml', text: `${line}${DEFAULTS}` },
      { path: 'clusters/a.yaml', text: `${line}${MINIMAL}` },
    ];
    const plain = loadFleetFromSources(files(''));
    const ours = loadFleetFromSources(files(`${yamlSchemaModeline('karpenter-gitops', 'cluster')}\n`));
    const other = loadFleetFromSources(
      files(
        '# yaml-language-server: $schema=https://unpkg.com/karpenter-gitops@0.1.0/schema/cluster.schema.json\n',
      ),
    );
    expect(ours.fleet).toEqual(plain.fleet);
    expect(other.fleet).toEqual(plain.fleet);
    expect(other.warnings).toEqual(plain.warnings);
  });
});
