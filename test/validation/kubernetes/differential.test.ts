/**
 * Differential test of the validator against the constraints themselves: for every
 * constraint of the imported Karpenter CRDs (1.14.1 and 1.0.14, every served version), an
 * object that satisfies it and one that violates it, each placed in a whole object at the
 * constraint's location; the validator must report that constraint on the violating one
 * and not on the satisfying one. The expected outcome comes from differential/cases.ts.
 */
import { join } from 'node:path';
import { ArtifactSet, findProjectRoot } from '../../../validation/kubernetes/artifacts';
import { Finding, formatPath } from '../../../validation/finding';
import { manifestsFromValues } from '../../../validation/manifest-source';
import { ManifestValidator } from '../../../validation/kubernetes/validate-manifests';
import { KARPENTER_VERSIONS } from '../../../model/facts/versions';
import { Case, casesFor, concretePath, placeAt } from './differential/cases';
import { Constraint, enumerateConstraints } from './differential/constraints';

const root = findProjectRoot(join(__dirname, '..', '..', '..'));

/**
 * Constraints no object can make fail or pass, by `<set> <kind> <location> <what>`, with
 * the reason. Everything else must have both an accepted and a rejected case.
 */
const IMPOSSIBLE: Readonly<Record<string, string>> = {};

function keyOf(c: Constraint): string {
  const what = c.rule ? c.rule.rule : c.field ? c.field : c.kind;
  return `${c.set.setVersion} ${c.entry.base} ${c.kind} ${c.location} ${what}`;
}

function expectedPath(c: Constraint): string {
  const p = concretePath(c.steps);
  if (c.kind === 'required') return formatPath([...p, c.field as string]);
  if (c.kind === 'list-type') return formatPath([...p, 1]);
  return formatPath(p);
}

function matches(c: Constraint, f: Finding): boolean {
  if (f.path !== expectedPath(c)) return false;
  if (c.kind === 'cel' || c.kind === 'transition') return f.rule === c.rule?.rule;
  return f.check === `schema/${c.kind}`;
}

interface Outcome {
  readonly constraint: Constraint;
  readonly accepted?: boolean;
  readonly rejected?: boolean;
  readonly why?: string;
  readonly mismatch?: string;
}

function runCase(v: ManifestValidator, c: Constraint, k: Case): Finding[] {
  const obj = placeAt(c, k.value, 'diff');
  const previous = k.old === undefined ? [] : manifestsFromValues('old.yaml', [placeAt(c, k.old, 'diff')]);
  return v.validate(manifestsFromValues('new.yaml', [obj]), previous).filter((f) => matches(c, f));
}

describe('differential: the validator decides every imported constraint as the constraint says', () => {
  const outcomes: Outcome[] = [];
  let generating = 0;
  const started = Date.now();

  for (const version of KARPENTER_VERSIONS) {
    test(`Karpenter ${version}: every constraint of every served version`, () => {
      const v = new ManifestValidator(version, root);
      const set = new ArtifactSet(root, 'karpenter', version);
      for (const entry of set.entries.filter((e) => e.served)) {
        for (const c of enumerateConstraints(set, entry)) {
          const t0 = performance.now();
          const cases = casesFor(c);
          generating += performance.now() - t0;
          let mismatch: string | undefined;
          for (const k of [cases.accept, cases.reject]) {
            if (!k) continue;
            const found = runCase(v, c, k);
            if (found.length > 0 !== k.fails) {
              mismatch = `${k.fails ? 'not rejected' : 'rejected'}: value ${JSON.stringify(k.value)}${k.old !== undefined ? ` (old ${JSON.stringify(k.old)})` : ''}${found.length ? `: ${found[0].message}` : ''}`;
            }
          }
          outcomes.push({
            constraint: c,
            accepted: cases.accept !== undefined,
            rejected: cases.reject !== undefined,
            ...(cases.why ? { why: cases.why } : {}),
            ...(mismatch ? { mismatch } : {}),
          });
        }
      }
      const mine = outcomes.filter((o) => o.constraint.set.setVersion === version);
      // Every served CRD version contributes constraints (1.0.14's v1beta1 included).
      expect([...new Set(mine.map((o) => o.constraint.entry.base))].sort()).toEqual(
        set.entries
          .filter((e) => e.served)
          .map((e) => e.base)
          .sort(),
      );
      for (const kind of ['cel', 'required', 'pattern', 'enum', 'format', 'maxLength'])
        expect([kind, mine.some((o) => o.constraint.kind === kind && o.accepted && o.rejected)]).toEqual([
          kind,
          true,
        ]);
      expect(mine.filter((o) => o.mismatch).map((o) => `${keyOf(o.constraint)}: ${o.mismatch}`)).toEqual([]);
      const uncovered = mine
        .filter((o) => !(o.accepted && o.rejected))
        .map((o) => ({ key: keyOf(o.constraint), why: o.why ?? IMPOSSIBLE[keyOf(o.constraint)] }));
      expect(uncovered.filter((u) => !u.why).map((u) => u.key)).toEqual([]);
    });
  }

  afterAll(() => {
    const both = outcomes.filter((o) => o.accepted && o.rejected && !o.mismatch).length;
    const byKind = new Map<string, number>();
    for (const o of outcomes) byKind.set(o.constraint.kind, (byKind.get(o.constraint.kind) ?? 0) + 1);
    const exceptions = outcomes.filter((o) => !(o.accepted && o.rejected));
    // The summary docs/validation.md quotes.
    console.log(
      [
        `differential: ${outcomes.length} constraints, ${both} with an accepted and a rejected case, ${exceptions.length} that cannot fail or pass (${Date.now() - started} ms, ${Math.round(generating)} ms generating cases)`,
        ...KARPENTER_VERSIONS.map((ver) => {
          const mine = outcomes.filter((o) => o.constraint.set.setVersion === ver);
          const versions = [
            ...new Set(mine.map((o) => `${o.constraint.entry.kind} ${o.constraint.entry.version}`)),
          ];
          const full = mine.filter((o) => o.accepted && o.rejected && !o.mismatch).length;
          return `  Karpenter ${ver}: ${mine.length} constraints (${full} with both cases, ${mine.length - full} without) in ${versions.join(', ')}`;
        }),
        `  by kind: ${[...byKind]
          .sort()
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
        ...exceptions.map(
          (o) => `  ${keyOf(o.constraint)}: ${o.why ?? IMPOSSIBLE[keyOf(o.constraint)] ?? '?'}`,
        ),
      ].join('\n'),
    );
  });
});
