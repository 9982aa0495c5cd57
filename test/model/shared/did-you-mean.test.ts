import { didYouMean, editDistance } from '../../../model/shared/did-you-mean';

describe('did-you-mean', () => {
  it('computes edit distances', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('suggests the nearest known key, case-insensitively', () => {
    expect(didYouMean('nodeclass', ['nodeClass', 'labels'])).toBe('nodeClass');
    expect(didYouMean('amiFamly', ['alias', 'amiFamily', 'amiSelectorTerms'])).toBe('amiFamily');
    expect(didYouMean('capacityType', ['capacityTypes', 'zones'])).toBe('capacityTypes');
  });

  it('suggests nothing when nothing is close', () => {
    expect(didYouMean('colour', ['name', 'aws', 'tags'])).toBeUndefined();
    expect(didYouMean('x', [])).toBeUndefined();
  });

  it('breaks ties alphabetically', () => {
    expect(didYouMean('ab', ['ac', 'aa'])).toBe('aa');
  });
});
