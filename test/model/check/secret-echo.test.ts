/**
 * No message echoes a free-text value that could be a secret (issue 35): a credential is planted
 * in every free-text place of a fleet file, each time with a mistake that makes the value itself
 * wrong (a character a tag, label or taint may not hold), and no output of the run — message,
 * fix or field path — may contain it. Known kinds are refused by the secret scan; a token no rule
 * knows is still only shown masked.
 */
import { formatDiagnostic } from '../../../model/shared/diagnostics';
import { DEFAULTS, MINIMAL, userErrorsOf, load } from '../../support/fleet-files';
import { SECRET_SAMPLES } from '../../model/shared/secret-samples';

/** A token no rule knows (no prefix, no keyword, not 40 characters). */
const UNKNOWN = 'Qm7Zr2Xw9Lp4Tn8Vb3Kc6Hd1';

const POOL = `nodeClasses:
  default:
    alias: al2023@v20260714
nodePools:
  p:
    nodeClass: default
`;

/** Places a value may go, each written so that the value itself has a mistake. */
const PLACES: readonly { readonly name: string; readonly fleet: (v: string) => string }[] = [
  { name: 'tag value', fleet: (v) => `${MINIMAL}tags:\n  team: ${JSON.stringify(`${v}{}`)}\n${POOL}` },
  { name: 'tag key', fleet: (v) => `${MINIMAL}tags:\n  ${JSON.stringify(`${v}{}`)}: x\n${POOL}` },
  {
    name: 'node class tag',
    fleet: (v) =>
      `${MINIMAL}${POOL.replace('    alias:', `    tags:\n      team: ${JSON.stringify(`${v}{}`)}\n    alias:`)}`,
  },
  {
    name: 'label value',
    fleet: (v) => `${MINIMAL}${POOL}    labels:\n      team: ${JSON.stringify(`${v} !`)}\n`,
  },
  {
    name: 'label key',
    fleet: (v) => `${MINIMAL}${POOL}    labels:\n      ${JSON.stringify(`ex.com/${v}!`)}: x\n`,
  },
  {
    name: 'annotation key',
    fleet: (v) => `${MINIMAL}${POOL}    annotations:\n      ${JSON.stringify(`${v}!/x`)}: x\n`,
  },
  {
    name: 'cluster label',
    fleet: (v) =>
      MINIMAL.replace('gitops:\n', `gitops:\n  clusterLabels:\n    team: ${JSON.stringify(`${v} !`)}\n`) +
      POOL,
  },
];

const outputOf = (fleet: string): string =>
  userErrorsOf(() => load({ '_defaults.yaml': DEFAULTS, 'demo.yaml': fleet }))
    .map(formatDiagnostic)
    .join('\n');

describe('no message echoes a planted secret', () => {
  const secrets = [UNKNOWN, ...SECRET_SAMPLES.filter((s) => !s.line.includes('\n')).map((s) => s.secret)];
  it.each(PLACES.map((p) => [p.name, p] as const))('%s', (_name, place) => {
    for (const secret of secrets) {
      const output = outputOf(place.fleet(secret));
      expect(output).not.toBe('');
      expect(output).not.toContain(secret);
      // Not even a long piece of it.
      expect(output).not.toContain(secret.slice(0, 12));
    }
  });

  it('a format error names the field and shows a short masked prefix', () => {
    const output = outputOf(PLACES[0].fleet(UNKNOWN));
    expect(output).toContain(
      "clusters/demo.yaml:8:9 tags.team: tag value 'Qm7… (26 characters)' is not valid on AWS resources",
    );
  });
});
