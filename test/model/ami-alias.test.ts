import { parseAlias } from '../../model/ami-alias';

describe('AMI aliases', () => {
  it('parses family@version and infers the AMI family', () => {
    expect(parseAlias('al2023@v20250505')).toEqual({
      family: 'al2023',
      version: 'v20250505',
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
