import {
  ALIAS_FAMILIES,
  aliasVersionProblem,
  exampleAlias,
  parseAlias,
} from '../../../model/facts/ami-alias';
import { al2023ReleaseProblem } from '../../../model/facts/al2023-release-coverage';
import { AMI_FAMILIES } from '../../../model/facts/constants';
import { DEFAULT_KUBERNETES_VERSION } from '../../../model/facts/versions';

describe('AMI aliases', () => {
  it('parses family@version and infers the AMI family', () => {
    expect(parseAlias('al2023@v20260714')).toEqual({
      family: 'al2023',
      version: 'v20260714',
      amiFamily: 'AL2023',
    });
    expect(parseAlias('bottlerocket@v1.39.1')).toEqual({
      family: 'bottlerocket',
      version: 'v1.39.1',
      amiFamily: 'Bottlerocket',
    });
    expect(parseAlias('al2@latest')?.version).toBe('latest');
  });

  it('rejects other forms', () => {
    expect(parseAlias('al2023')).toBeUndefined();
    expect(parseAlias('al2023@20250505')).toBeUndefined();
    expect(parseAlias('AL2023@v1')).toBeUndefined();
    expect(parseAlias('ubuntu@v1')?.amiFamily).toBeUndefined();
  });
});

describe('alias versions per family (Karpenter 1.14.1 pkg/providers/amifamily and the CRD CEL)', () => {
  const problem = (alias: string) => aliasVersionProblem(parseAlias(alias)!);

  it('accepts each family’s own release names', () => {
    expect(problem('al2@v20250505')).toBeUndefined();
    expect(problem('al2023@v20251231')).toBeUndefined();
    expect(problem('bottlerocket@v1.39.1')).toBeUndefined();
    expect(problem('windows2025@latest')).toBeUndefined();
  });

  it('refuses a Bottlerocket alias written like an AL2023 one, and the reverse', () => {
    expect(problem('bottlerocket@v20250505')).toEqual({
      message:
        "'v20250505' is not a Bottlerocket release: bottlerocket versions are a Bottlerocket release v1.x.y",
      fix: 'Write e.g. bottlerocket@v1.39.1',
    });
    expect(problem('al2023@v1.39.1')?.fix).toBe('Write e.g. al2023@v20260714');
    expect(problem('al2023@v20251332')?.message).toContain('vYYYYMMDD');
  });

  it('refuses a pinned Windows alias', () => {
    expect(problem('windows2025@v20250101')?.message).toBe(
      "Windows AMI aliases cannot be pinned ('windows2025@v20250101')",
    );
  });

  it('every example alias the tool prints is one its own check accepts', () => {
    for (const family of AMI_FAMILIES) {
      const example = exampleAlias(family);
      if (family === 'Custom') {
        expect(example).toBeUndefined();
        continue;
      }
      const parsed = parseAlias(example!);
      expect(parsed?.amiFamily).toBe(family);
      expect(aliasVersionProblem(parsed!)).toBeUndefined();
    }
    expect(exampleAlias('Bottlerocket')).toBe('bottlerocket@v1.39.1');
    // The newest release in the data for the default Kubernetes version, so the hint resolves.
    expect(exampleAlias('AL2023')).toBe('al2023@v20260714');
    expect(al2023ReleaseProblem('v20260714', DEFAULT_KUBERNETES_VERSION)).toBeUndefined();
    expect(exampleAlias('Windows2025')).toBe('windows2025@latest');
    expect(ALIAS_FAMILIES.windows2025).toBe('Windows2025');
  });
});
