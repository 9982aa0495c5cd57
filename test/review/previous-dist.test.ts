import { UserError } from '../../model/shared/diagnostics';
import { DistFiles } from '../../model/shared/dist-layout';
import { PreviousDist, previousReader, provenBase } from '../../review/previous-dist';

const FILES: DistFiles = new Map([['prod/nodepool-default.k8s.yaml', 'kind: NodePool\n']]);

function previous(read: () => DistFiles, why?: () => string | undefined): PreviousDist {
  return { label: 'origin/main:dist', read, ...(why ? { provenBase: why } : {}) };
}

function unknownRevision(): UserError {
  return new UserError([
    {
      severity: 'error',
      file: 'origin/nope',
      line: 0,
      col: 0,
      path: '',
      message: 'is not a revision',
      fix: 'Fix it',
    },
  ]);
}

describe('the previous dist/', () => {
  it('is read at most once, however many steps ask', () => {
    const read = jest.fn(() => FILES);
    const readPrevious = previousReader(previous(read));
    expect(readPrevious()).toBe(FILES);
    expect(readPrevious()).toBe(FILES);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('is absent without --previous or --base', () => {
    expect(previousReader(undefined)()).toBeUndefined();
  });

  it('throws the same error to every step that asks, reading once', () => {
    const error = unknownRevision();
    const read = jest.fn((): DistFiles => {
      throw error;
    });
    const readPrevious = previousReader(previous(read));
    expect(() => readPrevious()).toThrow(error);
    expect(() => readPrevious()).toThrow(error);
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('the proven base', () => {
  it('is the previous dist/ when its check passed and --full is not given', () => {
    const p = previous(
      () => FILES,
      () => undefined,
    );
    expect(provenBase(p, false, previousReader(p))).toEqual({
      base: { label: 'origin/main:dist', files: FILES },
    });
  });

  it('is nothing with --full, or for a folder given with --previous', () => {
    const proven = previous(
      () => FILES,
      () => undefined,
    );
    expect(provenBase(proven, true, previousReader(proven))).toEqual({});
    const folder = previous(() => FILES);
    expect(provenBase(folder, false, previousReader(folder))).toEqual({});
    expect(provenBase(undefined, false, () => undefined)).toEqual({});
  });

  it('says why its proofs are not reused', () => {
    const p = previous(
      () => FILES,
      () => "the tool's own sources changed since origin/main",
    );
    expect(provenBase(p, false, previousReader(p))).toEqual({
      notReused: "the tool's own sources changed since origin/main",
    });
  });

  it('is nothing when the previous dist/ cannot be read (the validate step reports why); a bug propagates', () => {
    const unreadable = previous(
      () => {
        throw unknownRevision();
      },
      () => undefined,
    );
    expect(provenBase(unreadable, false, previousReader(unreadable))).toEqual({});
    const bug = previous(
      () => {
        throw new TypeError('bug');
      },
      () => undefined,
    );
    expect(() => provenBase(bug, false, previousReader(bug))).toThrow(TypeError);
  });
});
