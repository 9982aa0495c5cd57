/**
 * Secret injection: a credential of every kind the secret scan covers, spliced into a free-text
 * value (tag, label, annotation, cluster label) and into a userData block. Every case must be
 * refused at the line of the secret, and no diagnostic may contain the secret (case-outcome.ts).
 */
import { SECRET_SAMPLES } from '../model/shared/secret-samples';
import { allSites, Ctx, uniqueLine } from './mutation-context';
import { addRawPair } from './yaml-edit';

export function secretInjection(ctx: Ctx): void {
  let n = 0;
  for (const sample of SECRET_SAMPLES) {
    // In a free-text map, as a quoted value (a PEM block only fits userData).
    if (!sample.line.includes('\n')) {
      for (let i = 0; i < 2; i++) {
        const { file, site } = ctx.b.prng.pick(allSites(ctx));
        const key = `fuzz-secret${n++}`;
        const content = addRawPair(file.text, site, key, JSON.stringify(sample.line));
        const line = uniqueLine(content, `${key}:`);
        const at = `${file.path} ${site.join('.')}.${key}`;
        ctx.b.add({
          family: 'secret-injection',
          description: `${sample.kind} at ${at}`,
          replace: [{ path: file.path, content }],
          isolate: false,
          expect: 'reject',
          secret: sample.secret,
          probes: [
            {
              kind: 'value',
              key,
              value: sample.line,
              at,
              ...(line ? { line: { file: file.path, line } } : {}),
            },
          ],
        });
      }
    }
    // As lines of an existing userData block, after its first line.
    for (const file of ctx.clusterFiles) {
      const lines = file.text.split('\n');
      const at = lines.findIndex((l) => /^\s+userData: \|\s*$/.test(l));
      if (at < 0 || at + 1 >= lines.length) continue;
      const indent = lines[at + 1].slice(0, lines[at + 1].search(/\S/));
      const added = sample.line.split('\n').map((l) => `${indent}${l}`);
      const content = [...lines.slice(0, at + 2), ...added, ...lines.slice(at + 2)].join('\n');
      const marker = added.find((l) => l.includes(sample.secret) || l.includes('-----BEGIN')) ?? added[0];
      const line = uniqueLine(content, marker);
      ctx.b.add({
        family: 'secret-injection',
        description: `${sample.kind} in the userData block at ${file.path}:${at + 1}`,
        replace: [{ path: file.path, content }],
        isolate: false,
        expect: 'reject',
        secret: sample.secret,
        probes: [
          {
            kind: 'value',
            key: 'userData',
            value: sample.line,
            at: `${file.path}:${at + 1}`,
            ...(line ? { line: { file: file.path, line } } : {}),
          },
        ],
      });
      break;
    }
  }
}
