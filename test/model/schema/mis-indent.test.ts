import { clusterSchema } from '../../../model/schema/fleet-schema';
import { parseFleetSource } from '../../../model/parse/yaml-source';
import { misIndentOf, schemaAt } from '../../../model/schema/mis-indent';
import { errorsOfCluster, MINIMAL } from '../../support/fleet-files';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const pool = (body: string) => `${MINIMAL}${CLASS}nodePools:\n  web:\n    nodeClass: default\n${body}`;

describe('mis-indented keys', () => {
  it('a key of the map one level up: limits indented under disruption', () => {
    expect(
      errorsOfCluster(
        pool('    disruption:\n      consolidateAfter: 1m\n      limits:\n        cpu: "10"\n'),
      ),
    ).toEqual([
      "clusters/demo.yaml:15:7 nodePools.web.disruption.limits: 'limits' looks mis-indented: it is not a key of nodePools.web.disruption, but belongs one level up, in nodePools.web. Indent limits like disruption (as nodePools.web.limits).",
    ]);
  });

  it('a key of a field one level down: consolidationPolicy beside disruption', () => {
    expect(errorsOfCluster(pool('    consolidationPolicy: WhenEmpty\n'))).toEqual([
      "clusters/demo.yaml:13:5 nodePools.web.consolidationPolicy: 'consolidationPolicy' looks mis-indented: it is not a key of nodePools.web, but belongs one level down, in nodePools.web.disruption. Move consolidationPolicy under disruption (as nodePools.web.disruption.consolidationPolicy).",
    ]);
  });

  it('a required key indented too deep is reported once, as mis-indented', () => {
    const text = `${MINIMAL}${CLASS}nodePools:\n  web:\n    disruption:\n      nodeClass: default\n`;
    const errors = errorsOfCluster(text);
    expect(errors).toEqual([
      "clusters/demo.yaml:13:7 nodePools.web.disruption.nodeClass: 'nodeClass' looks mis-indented: it is not a key of nodePools.web.disruption, but belongs one level up, in nodePools.web. Indent nodeClass like disruption (as nodePools.web.nodeClass).",
    ]);
  });

  it('a key that is unknown at every level keeps the did-you-mean', () => {
    expect(errorsOfCluster(pool('    expireAftr: 1h\n'))[0]).toMatch(
      /nodePools\.web\.expireAftr: unknown key 'expireAftr'\. Did you mean 'expireAfter'\?/,
    );
  });

  it('walks the schema through maps, $refs, lists and shorthands', () => {
    expect(Object.keys((schemaAt(clusterSchema, ['nodePools', 'x']) ?? {}).properties as object)).toContain(
      'disruption',
    );
    expect(schemaAt(clusterSchema, ['nodePools', 'x', 'disruption', 'budgets', 0, 'nodes'])).toBeDefined();
    expect(schemaAt(clusterSchema, ['nodePools', 'x', 'zones', 'in'])).toBeDefined();
    expect(schemaAt(clusterSchema, ['nope'])).toBeUndefined();
    const { root } = parseFleetSource(
      'clusters/a.yaml',
      'nodePools:\n  x:\n    limits: {}\n    disruption:\n      limits: {}\n',
    );
    // Already written one level up: not a mis-indent, just an unknown key.
    expect(misIndentOf(clusterSchema, root!, ['nodePools', 'x', 'disruption'], 'limits')).toBeUndefined();
  });
});
