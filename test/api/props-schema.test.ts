/**
 * KarpenterClusterProps (the construct's props, the type of one cluster file) against the fleet
 * schema that judges every fleet file: the same keys at every level, the same required keys, the
 * same closed sets of values. The type is read by the TypeScript compiler from api/, so a field
 * added to the schema and not to the type (or the other way round) fails here.
 */
import ts from 'typescript';
import { join } from 'node:path';
import { clusterSchema } from '../../model/schema/fleet-schema';

type Schema = Record<string, unknown>;
const ROOT = join(__dirname, '..', '..');
const FILE = join(ROOT, 'api', 'karpenter-cluster.ts');

const program = ts.createProgram([FILE], {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  skipLibCheck: true,
});
const checker = program.getTypeChecker();
const defs = clusterSchema.$defs as Record<string, Schema>;

function propsType(): ts.Type {
  const source = program.getSourceFile(FILE)!;
  let found: ts.Type | undefined;
  source.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'KarpenterClusterProps')
      found = checker.getTypeAtLocation(node.name);
  });
  if (!found) throw new Error('KarpenterClusterProps not found in api/karpenter-cluster.ts');
  return found;
}

function deref(s: Schema): Schema {
  return typeof s.$ref === 'string' ? defs[s.$ref.replace('#/$defs/', '')] : s;
}

/** Every alternative a value may take: `if/then/else`, `oneOf`, `anyOf` spread out. */
function alternatives(s: Schema): Schema[] {
  const d = deref(s);
  if (d.if) return [...alternatives(d.then as Schema), ...alternatives(d.else as Schema)];
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(d[key]))
      return (d[key] as Schema[]).flatMap((x) => alternatives({ ...d, [key]: undefined, ...x }));
  return [d];
}

const parts = (t: ts.Type): ts.Type[] =>
  (t.isUnion() ? t.types : [t]).filter((p) => !(p.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));

function compare(type: ts.Type, schema: Schema, path: string, out: string[]): void {
  const alts = alternatives(schema);
  const types = parts(type);
  const objectTypes = types.filter((t) => t.flags & ts.TypeFlags.Object && !checker.isArrayType(t));
  const arrayTypes = types.filter((t) => checker.isArrayType(t));
  const literals = types.filter((t) => t.isStringLiteral()).map((t) => (t as ts.StringLiteralType).value);
  for (const alt of alts) {
    if (alt.properties) {
      const target = objectTypes.find((t) =>
        Object.keys(alt.properties as Schema).some((k) => t.getProperty(k)),
      );
      if (!target) {
        out.push(
          `${path}: the schema has an object with ${Object.keys(alt.properties as Schema).join(', ')}; the type has none`,
        );
        continue;
      }
      const required = new Set((alt.required as string[] | undefined) ?? []);
      const keys = Object.keys(alt.properties as Schema);
      for (const key of keys) {
        const prop = target.getProperty(key);
        const where = path ? `${path}.${key}` : key;
        if (!prop) {
          out.push(`${where}: in the schema, not in the type`);
          continue;
        }
        const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0;
        if (optional === required.has(key))
          out.push(`${where}: ${required.has(key) ? 'required' : 'optional'} in the schema, not in the type`);
        compare(checker.getTypeOfSymbol(prop), (alt.properties as Record<string, Schema>)[key], where, out);
      }
      for (const prop of target.getProperties())
        if (!keys.includes(prop.name))
          out.push(`${path ? `${path}.` : ''}${prop.name}: in the type, not in the schema`);
    } else if (alt.additionalProperties && typeof alt.additionalProperties === 'object') {
      const target = objectTypes.find((t) => t.getStringIndexType());
      if (!target) out.push(`${path}: a map in the schema, not in the type`);
      else compare(target.getStringIndexType()!, alt.additionalProperties as Schema, `${path}.*`, out);
    } else if (alt.items) {
      if (arrayTypes.length === 0) out.push(`${path}: a list in the schema, not in the type`);
      else
        compare(
          checker.getTypeArguments(arrayTypes[0] as ts.TypeReference)[0],
          alt.items as Schema,
          `${path}[]`,
          out,
        );
    } else if (Array.isArray(alt.enum) && literals.length > 0) {
      const want = [...(alt.enum as string[])].sort();
      if (JSON.stringify([...literals].sort()) !== JSON.stringify(want))
        out.push(
          `${path}: values ${JSON.stringify(want)} in the schema, ${JSON.stringify([...literals].sort())} in the type`,
        );
    }
  }
}

test('KarpenterClusterProps has the keys, required keys and closed value sets of the fleet schema', () => {
  const out: string[] = [];
  compare(propsType(), clusterSchema, '', out);
  expect(out).toEqual([]);
});

test('the comparison finds a drift: a key the type lacks', () => {
  const out: string[] = [];
  const schema = {
    ...clusterSchema,
    properties: { ...(clusterSchema.properties as Schema), newKey: { type: 'string' } },
  };
  compare(propsType(), schema, '', out);
  expect(out).toContain('newKey: in the schema, not in the type');
});
