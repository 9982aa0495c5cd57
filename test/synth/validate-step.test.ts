/** The validation step synth runs before writing: wired to the validator, and able to stop a run. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distPaths } from '../../model/shared/dist-layout';
import { loadFleet } from '../../io/read-fleet';
import { GENERATORS } from '../../synth/generators';
import { runSynth } from '../../synth/synth';
import { synthesize } from '../../synth/synthesize';
import { validateStep } from '../../synth/validate-step';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';

const ROOT = DEMO_FLEET_ROOT;
const { fleet } = loadFleet(ROOT);
const files = synthesize(fleet);
const nodeClassPath = distPaths.nodeClass('ticketing', 'default');

describe('validateStep', () => {
  it('accepts the demo fleet without errors or warnings', () => {
    expect(validateStep(fleet, files)).toEqual([]);
  });

  it('reports a field the API server would drop, at the generated file, with the nearest field', () => {
    const broken = new Map(files);
    const text = broken.get(nodeClassPath) ?? '';
    expect(text).toContain('  role: KarpenterNodeRole-ticketing\n');
    broken.set(nodeClassPath, text.replace('  role: ', '  roles: '));
    const errors = validateStep(fleet, broken).filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.file, d.path, d.message, d.fix])).toEqual([
      [`dist/${nodeClassPath}`, 'spec', "must specify exactly one of ['role', 'instanceProfile']", undefined],
      [
        `dist/${nodeClassPath}`,
        'spec.roles',
        "unknown field 'roles': the API server would drop it without a word",
        "Did you mean 'role'?",
      ],
    ]);
  });
});

describe('runSynth with its default validation step', () => {
  it('refuses generated output that fails validation and writes nothing', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'kg-validate-step-'));
    const outDir = join(tmp, 'dist');
    try {
      // The real generators, with the Karpenter one misspelling a field of one node class.
      const generators = GENERATORS.map((g) =>
        g.name !== 'karpenter'
          ? g
          : {
              name: g.name,
              generate: (f: typeof fleet) => {
                const out = g.generate(f);
                // Text only: a value would say what the text reads back as, and this text no longer does.
                out.set(nodeClassPath, {
                  text: (out.get(nodeClassPath)?.text ?? '').replace('  role: ', '  roles: '),
                });
                return out;
              },
            },
      );
      expect(() =>
        runSynth(
          { projectRoot: ROOT, clustersDir: join(ROOT, 'clusters'), outDir },
          { loadFleet: () => ({ fleet, warnings: [] }), generators },
        ),
      ).toThrow(/ec2nodeclass-default\.yaml.*unknown field 'roles'/s);
      expect(existsSync(outDir)).toBe(false);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
