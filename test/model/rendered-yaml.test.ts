import { load } from 'js-yaml';
import { renderYaml } from '../../charts/render-manifest';
import { forgetRendered, rememberRendered, renderedDocuments } from '../../model/rendered-yaml';
import { MANIFEST_YAML_SCHEMA, parseManifests } from '../../validation/manifest-source';

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
