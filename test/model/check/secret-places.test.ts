/**
 * Every kind of secret the scan knows (test/model/shared/secret-samples.ts), in every free-text
 * place of a fleet file: tags, labels, annotations, cluster labels, Helm values, Bottlerocket
 * settings, AL2023 userData and Bottlerocket TOML userData (as a basic string with its escapes, a
 * literal multi-line string and a base64 `user-data` setting). Each is refused at the line of the
 * secret, naming its kind, and no output shows it; a refused fleet writes nothing to dist/.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFleetFromDir } from '../../../io/cli-common';
import { Diagnostic, formatDiagnostic, UserError } from '../../../model/shared/diagnostics';
import { runSynth } from '../../../synth/synth';
import { DEFAULTS, load, MINIMAL, userErrorsOf } from '../../support/fleet-files';
import { SecretSample, SECRET_SAMPLES } from '../../model/shared/secret-samples';

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((l) => (l === '' ? l : `${by}${l}`))
    .join('\n');

const POOL = `nodeClasses:
  default:
    alias: al2023@v20260714
nodePools:
  p:
    nodeClass: default
`;

/** A Bottlerocket node class whose userData is `toml`. */
const bottlerocketUserData = (toml: string) =>
  `${MINIMAL}nodeClasses:\n  b:\n    alias: bottlerocket@v1.39.1\n    userData: |\n${indent(toml, '      ')}\n`;

/** A one-line YAML scalar holding the sample's line (a PEM block as a double-quoted string with \n). */
const q = (s: SecretSample) => JSON.stringify(s.line);

/** Each place, as a cluster file holding the sample's line. */
const PLACES: readonly { readonly name: string; readonly fleet: (s: SecretSample) => string }[] = [
  { name: 'a cluster tag', fleet: (s) => `${MINIMAL}tags:\n  boot: ${q(s)}\n${POOL}` },
  {
    name: 'a node class tag',
    fleet: (s) => `${MINIMAL}${POOL.replace('    alias:', `    tags:\n      boot: ${q(s)}\n    alias:`)}`,
  },
  { name: 'a node pool label', fleet: (s) => `${MINIMAL}${POOL}    labels:\n      boot: ${q(s)}\n` },
  {
    name: 'a node pool annotation',
    fleet: (s) => `${MINIMAL}${POOL}    annotations:\n      boot: ${q(s)}\n`,
  },
  {
    name: 'a cluster label',
    fleet: (s) => MINIMAL.replace('gitops:\n', `gitops:\n  clusterLabels:\n    boot: ${q(s)}\n`) + POOL,
  },
  {
    name: 'Helm values',
    fleet: (s) => `${MINIMAL}karpenter:\n  helmValues:\n    extraEnv:\n      boot: ${q(s)}\n${POOL}`,
  },
  {
    name: 'Bottlerocket settings',
    fleet: (s) =>
      `${MINIMAL}nodeClasses:\n  b:\n    alias: bottlerocket@v1.39.1\n    bottlerocket:\n      settings:\n        motd: ${q(s)}\n`,
  },
  {
    name: 'AL2023 userData',
    fleet: (s) =>
      `${MINIMAL}nodeClasses:\n  a:\n    alias: al2023@v20260714\n    userData: |\n${indent(`#!/bin/bash\n${s.line}`, '      ')}\n`,
  },
  {
    name: 'Bottlerocket TOML userData, a basic string',
    fleet: (s) => bottlerocketUserData(`[settings]\nmotd = ${JSON.stringify(s.line)}`),
  },
  {
    name: 'Bottlerocket TOML userData, a multi-line literal string',
    fleet: (s) => bottlerocketUserData(`[settings]\nmotd = '''\n${s.line}\n'''`),
  },
  {
    name: 'Bottlerocket TOML userData, a base64 bootstrap container user-data',
    fleet: (s) =>
      bottlerocketUserData(
        `[settings.bootstrap-containers.boot]\nsource = "public.ecr.aws/example/boot:1"\nmode = "once"\n` +
          `user-data = "${Buffer.from(s.line).toString('base64')}"`,
      ),
  },
];

/** The 1-based lines of `text` that hold the sample (where a finding may sit): its secret's, any of a block's, or its base64's. */
function sampleLines(text: string, sample: SecretSample): number[] {
  const own = sample.line
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const lines = text.split('\n');
  const encoded = Buffer.from(sample.line).toString('base64').slice(0, 24);
  if (text.includes(encoded)) return lines.flatMap((l, i) => (l.includes(encoded) ? [i + 1] : []));
  const holding = lines.flatMap((l, i) => (l.includes(sample.secret) ? [i + 1] : []));
  // One-line placements: the secret's own line; a block (PEM): any of its lines.
  if (holding.length > 0 && !sample.line.includes('\n')) return holding;
  return lines.flatMap((l, i) =>
    own.some((o) => l.includes(o)) || l.includes(sample.secret) ? [i + 1] : [],
  );
}

function refusal(fleet: string): readonly Diagnostic[] {
  return userErrorsOf(() => load({ '_defaults.yaml': DEFAULTS, 'demo.yaml': fleet }));
}

describe('every secret kind in every free-text place', () => {
  it.each(PLACES.map((p) => [p.name, p] as const))('%s', (_name, place) => {
    const missed: string[] = [];
    for (const sample of SECRET_SAMPLES) {
      const fleet = place.fleet(sample);
      const errors = refusal(fleet);
      const output = errors.map(formatDiagnostic).join('\n');
      expect({ kind: sample.kind, shown: output.includes(sample.secret) }).toEqual({
        kind: sample.kind,
        shown: false,
      });
      const base64 = place.name.includes('base64');
      const found = errors.some(
        (d) =>
          d.severity === 'error' &&
          d.file === 'clusters/demo.yaml' &&
          d.message.startsWith(`${sample.kind}${base64 ? ' (base64-encoded)' : ''} is written here`) &&
          sampleLines(fleet, sample).includes(d.line),
      );
      if (!found) missed.push(`${sample.kind}: ${output || 'accepted'}`);
    }
    expect(missed).toEqual([]);
  });

  it('a Docker config.json in Bottlerocket TOML userData is refused at its line, and nothing reaches dist/', () => {
    const docker = SECRET_SAMPLES.find((s) => s.kind.includes('Docker config.json'));
    if (docker === undefined) throw new Error('no Docker config sample');
    const config = /'(\{.*\})'/.exec(docker.line)?.[1] ?? '';
    const fleet = bottlerocketUserData(
      `[settings.kernel]\nlockdown = "integrity"\n\n[settings]\nmotd = ${JSON.stringify(config)}`,
    );
    const dir = mkdtempSync(join(tmpdir(), 'kg-secret-places-'));
    try {
      mkdirSync(join(dir, 'clusters'));
      mkdirSync(join(dir, 'dist'));
      writeFileSync(join(dir, 'dist', 'keep.txt'), 'as it was\n');
      writeFileSync(join(dir, 'clusters', '_defaults.yaml'), DEFAULTS);
      writeFileSync(join(dir, 'clusters', 'demo.yaml'), fleet);
      let thrown: unknown;
      try {
        runSynth(
          { projectRoot: dir, clustersDir: join(dir, 'clusters'), outDir: join(dir, 'dist') },
          { loadFleet: loadFleetFromDir },
        );
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(UserError);
      const lines = (thrown as UserError).diagnostics.map(formatDiagnostic);
      // Line 15: `motd = "{\"auths\": …}"`; the column is the secret's.
      const col = fleet.split('\n')[14].indexOf(docker.secret) + 1;
      expect(lines).toEqual([
        expect.stringMatching(
          new RegExp(
            `^clusters/demo\\.yaml:15:${col} nodeClasses\\.b\\.userData: a registry credential \\(Docker config\\.json \`auth\`\\) is written here: `,
          ),
        ),
      ]);
      expect(lines.join('\n')).not.toContain(docker.secret);
      expect(readdirSync(join(dir, 'dist'))).toEqual(['keep.txt']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
