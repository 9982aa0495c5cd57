import { load } from 'js-yaml';
import { renderYaml, renderYamlAfterComment } from '../../../charts/render-manifest';
import { forgetRendered, rememberRendered, renderedDocuments } from '../../../model/shared/rendered-yaml';
import { MANIFEST_YAML_SCHEMA, parseManifests } from '../../../validation/manifest-source';

describe('rendered-yaml', () => {
  it('returns the value a remembered text was written from, as its JSON form', () => {
    const text = 'kind: NodePool\nmetadata:\n  name: general\n';
    rememberRendered(text, { kind: 'NodePool', metadata: { name: 'general', gone: undefined } });
    expect(renderedDocuments(text)).toStrictEqual([{ kind: 'NodePool', metadata: { name: 'general' } }]);
  });

  it('gives every reader its own copy', () => {
    const text = 'spec:\n  replicas: 2\n';
    rememberRendered(text, { spec: { replicas: 2 } });
    const first = renderedDocuments(text) as [{ spec: { replicas: number } }];
    first[0].spec.replicas = 5;
    expect(renderedDocuments(text)).toStrictEqual([{ spec: { replicas: 2 } }]);
  });

  it('knows nothing about text it did not write', () => {
    expect(renderedDocuments('kind: NeverRendered\n')).toBeUndefined();
  });

  it('is filled by renderYaml with what the text reads back as', () => {
    const value = {
      metadata: { labels: { on: 'on', yes: 'yes', n: '0x1F' } },
      spec: { limits: { cpu: 1000 } },
    };
    const text = renderYaml(value);
    expect(renderedDocuments(text)).toStrictEqual([load(text, { schema: MANIFEST_YAML_SCHEMA })]);
    expect(parseManifests('dist/x.yaml', text).map((d) => d.value)).toStrictEqual([value]);
  });

  it('still locates fields of a remembered text in its bytes', () => {
    const text = renderYaml({ kind: 'NodePool', spec: { weight: 10 } });
    const [doc] = parseManifests('dist/x.yaml', text);
    expect(doc.locate(['spec', 'weight'])).toEqual({ line: 3, col: 3 });
  });
});

describe('forgetRendered', () => {
  it('empties the memo: the text is then parsed', () => {
    const text = renderYaml({ kind: 'Forgotten' });
    forgetRendered();
    expect(renderedDocuments(text)).toBeUndefined();
    expect(parseManifests('dist/x.yaml', text).map((d) => d.value)).toStrictEqual([{ kind: 'Forgotten' }]);
  });
});

describe('renderYamlAfterComment', () => {
  it('writes the header before the value and remembers what the whole text reads back as', () => {
    const value = { replicas: 2, settings: { clusterName: 'on' } };
    const text = renderYamlAfterComment('# Generated: edit clusters/a.yaml.\n# Second line.\n', value);
    expect(text).toBe('# Generated: edit clusters/a.yaml.\n# Second line.\n' + renderYaml(value));
    expect(renderedDocuments(text)).toStrictEqual([load(text, { schema: MANIFEST_YAML_SCHEMA })]);
  });

  it('does not remember a text whose header is not only comment lines', () => {
    const text = renderYamlAfterComment('# one\nextra: 1\n', { replicas: 3 });
    expect(text).toBe('# one\nextra: 1\nreplicas: 3\n');
    expect(renderedDocuments(text)).toBeUndefined();
    expect(parseManifests('dist/x.yaml', text).map((d) => d.value)).toStrictEqual([
      { extra: 1, replicas: 3 },
    ]);
  });
});
