import { endSentence, plural } from '../../../model/shared/text';

describe('plural', () => {
  it('counts a noun, with an s unless the count is 1', () => {
    expect([plural(1, 'file'), plural(2, 'file'), plural(0, 'error')]).toEqual([
      '1 file',
      '2 files',
      '0 errors',
    ]);
  });
});

describe('endSentence', () => {
  it.each([
    ['Remove it', 'Remove it.'],
    ['Remove it.', 'Remove it.'],
    ['Did you mean x?', 'Did you mean x?'],
    ['Stop!', 'Stop!'],
    ['trailing space ', 'trailing space.'],
  ])('%j → %j', (input, out) => expect(endSentence(input)).toBe(out));
});
