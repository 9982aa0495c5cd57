import { checkMetadata } from '../../../validation/kubernetes/metadata-check';

describe('checkMetadata', () => {
  it('requires a name and says how to give one', () => {
    expect(checkMetadata({}, false)).toEqual([
      { path: ['metadata', 'name'], message: 'metadata.name is required', fix: 'Give the object a name' },
    ]);
  });

  it('refuses a namespace that is not a DNS-1123 label, with the rule as the fix', () => {
    const [v] = checkMetadata({ name: 'ok', namespace: 'Kube_System' }, true);
    expect(v.path).toEqual(['metadata', 'namespace']);
    expect(v.message).toBe("namespace 'Kube_System' is not a DNS-1123 label");
    expect(v.fix).toMatch(/^Use at most 63 lowercase letters/);
    // Cluster-scoped objects have no namespace to check.
    expect(checkMetadata({ name: 'ok', namespace: 'Kube_System' }, false)).toEqual([]);
  });

  it('reports bad label keys and values with a fix and escapes control characters', () => {
    const found = checkMetadata({ name: 'ok', labels: { 'bad key': 'v', team: 'a\nb' } }, false);
    expect(found.map((v) => v.message)).toEqual([
      expect.stringMatching(/^label key 'bad key' /),
      "label value 'a\\nb' is invalid",
    ]);
    for (const v of found) expect(v.fix).toMatch(/^Use /);
    expect(found.every((v) => !v.message.includes('\n'))).toBe(true);
  });

  it('cuts long values in messages to 80 characters', () => {
    const [v] = checkMetadata({ name: 'ok', labels: { team: 'x'.repeat(500) } }, false);
    expect(v.message).toBe(`label value '${'x'.repeat(77)}...' is invalid`);
  });

  it('reports bad annotation keys with a fix', () => {
    const [v] = checkMetadata({ name: 'ok', annotations: { '-bad': 'x' } }, false);
    expect(v.path).toEqual(['metadata', 'annotations', '-bad']);
    expect(v.fix).toMatch(/^Use an optional DNS subdomain prefix/);
  });
});
