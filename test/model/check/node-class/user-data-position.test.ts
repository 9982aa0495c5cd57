/** Positions inside userData mapped to the fleet file. */
import { CheckContext } from '../../../../model/check/check-context';
import { RawCluster } from '../../../../model/parse/raw-fleet';
import { userDataPosition } from '../../../../model/check/node-class/user-data-position';
import { parseFleetSource } from '../../../../model/parse/yaml-source';

const ctxOf = (text: string) => {
  const { root } = parseFleetSource('clusters/x.yaml', text);
  if (!root) throw new Error('unparsable');
  return new CheckContext(root, {} as RawCluster, 'x');
};
const PATH = ['nodeClasses', 'c', 'userData'];

describe('userDataPosition', () => {
  it('maps a line and column inside a literal block exactly', () => {
    const ctx = ctxOf('nodeClasses:\n  c:\n    userData: |\n      [settings]\n      motd = "hi"\n');
    expect(userDataPosition(ctx, PATH)({ line: 2, col: 1 })).toEqual({
      file: 'clusters/x.yaml',
      line: 5,
      col: 7,
    });
  });

  it('falls back to the value for quoted and folded scalars, and for unknown positions', () => {
    const quoted = ctxOf('nodeClasses:\n  c:\n    userData: "[settings]\\nmotd = 1"\n');
    expect(userDataPosition(quoted, PATH)({ line: 2, col: 1 })).toEqual({
      file: 'clusters/x.yaml',
      line: 3,
      col: 15,
    });
    const block = ctxOf('nodeClasses:\n  c:\n    userData: |\n      a\n');
    expect(userDataPosition(block, PATH)(undefined)).toEqual({ file: 'clusters/x.yaml', line: 3, col: 15 });
  });
});
