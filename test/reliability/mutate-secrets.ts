/**
 * Secret injection: a credential of every kind the secret scan covers, spliced into a free-text
 * value (tag, label, annotation, cluster label) and into a userData block; issue 35's places
 * (keys, URLs, taints, requirements, instanceProfile, folded scalars, aliases) and encodings
 * (base64 MIME parts, `base64 -d` blobs). Every case must be refused at the line of the secret,
 * and no diagnostic may contain the secret (case-outcome.ts).
 */
import { SECRET_SAMPLES } from '../model/shared/secret-samples';
import { allSites, baseName, Ctx, uniqueLine } from './mutation-context';
import { addRawPair, parse } from './yaml-edit';

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
      addUserDataCase(ctx, 'secret-injection', 'the userData block', sample, file.path, at, content, line);
      break;
    }
  }
}

/** Samples written on one line, whose secret fits in a URL's password (no `@ / : ? #`). */
/** A sample spliced into the userData block that starts at 0-based line `at` of `path`. */
function addUserDataCase(
  ctx: Ctx,
  family: string,
  where: string,
  sample: (typeof SECRET_SAMPLES)[number],
  path: string,
  at: number,
  content: string,
  line: number | undefined,
  mustSay?: string,
): void {
  ctx.b.add({
    family,
    description: `${sample.kind} in ${where} at ${path}:${at + 1}`,
    replace: [{ path, content }],
    isolate: false,
    expect: 'reject',
    secret: sample.secret,
    probes: [
      {
        kind: 'value',
        key: 'userData',
        value: sample.line,
        at: `${path}:${at + 1}`,
        ...(line ? { line: { file: path, line } } : {}),
      },
    ],
    ...(mustSay !== undefined ? { mustSay } : {}),
  });
}

function oneLineSamples(): typeof SECRET_SAMPLES {
  return SECRET_SAMPLES.filter((s) => !s.line.includes('\n'));
}

/** Names of the maps under `key` of a cluster file (node pools, node classes). */
function namesUnder(text: string, key: 'nodePools' | 'nodeClasses'): string[] {
  const js = (parse(text).toJS() ?? {}) as Record<string, unknown>;
  const map = js[key];
  return map && typeof map === 'object' ? Object.keys(map).sort() : [];
}

/**
 * Issue 35's places: a credential as a tag key, in `gitops.repoURL`, as a taint value, a
 * requirement value, `instanceProfile`, in a folded userData scalar and behind an alias. Each
 * case is refused without the secret in any output; where the secret has a line of its own,
 * the finding must point at it (for an alias: where the alias is used).
 */
export function secretPlaces(ctx: Ctx): void {
  const samples = ctx.b.prng.sample(oneLineSamples(), 6);
  const file =
    ctx.clusterFiles.find((f) => namesUnder(f.text, 'nodePools').length > 0) ?? ctx.clusterFiles[0];
  const pool = namesUnder(file.text, 'nodePools')[0];
  const cls = namesUnder(file.text, 'nodeClasses')[0];
  const defaults = ctx.b.sources.find((s) => baseName(s.path) === '_defaults.yaml');
  samples.forEach((sample, n) => {
    const add = (place: string, content: string, key: string, path = file.path, keyLine = true) => {
      // Where the key is not on the secret's line (a tag key, a flow sequence), the secret's line.
      const line = uniqueLine(content, keyLine ? `${key}:` : sample.secret);
      ctx.b.add({
        family: 'secret-places',
        description: `${sample.kind} as ${place}`,
        replace: [{ path, content }],
        isolate: false,
        expect: 'reject',
        secret: sample.secret,
        probes: [
          {
            kind: 'value',
            key,
            value: sample.secret,
            at: `${path} ${place}`,
            ...(line ? { line: { file: path, line } } : {}),
          },
        ],
      });
    };
    // The line holding the secret: its context is what makes it a secret (`"auth":`, `AccountKey=`).
    const q = JSON.stringify(sample.line);
    add('a tag key', addRawPair(file.text, ['tags'], q, 'x'), `fuzz-key${n}`, file.path, false);
    if (pool !== undefined) {
      add(
        'a taint value',
        addRawPair(
          file.text,
          ['nodePools', pool],
          'taints',
          `[{ key: example.com/fuzz, value: ${q}, effect: NoSchedule }]`,
        ),
        'taints',
        file.path,
        false,
      );
      add(
        'a requirement value',
        addRawPair(
          file.text,
          ['nodePools', pool],
          'requirements',
          `[{ key: example.com/fuzz, operator: In, values: [${q}] }]`,
        ),
        'requirements',
        file.path,
        false,
      );
      // Behind an alias: defined as a tag, used as a label; the label's finding sits at the alias.
      const anchored = addRawPair(file.text, ['tags'], `fuzz-anchor${n}`, `&fuzz${n} ${q}`);
      add(
        'a label behind an alias',
        addRawPair(anchored, ['nodePools', pool, 'labels'], `fuzz-alias${n}`, `*fuzz${n}`),
        `fuzz-alias${n}`,
      );
    }
    if (cls !== undefined)
      add(
        'instanceProfile',
        addRawPair(file.text, ['nodeClasses', cls], 'instanceProfile', q),
        'instanceProfile',
        file.path,
        false,
      );
    if (defaults !== undefined && !/[@/:?#\s]/.test(sample.secret)) {
      const url = defaults.text.replace(/repoURL: https:\/\//, `repoURL: https://oauth2:${sample.secret}@`);
      if (url !== defaults.text) add('a token in gitops.repoURL', url, 'repoURL', defaults.path);
    }
  });
  // In a folded userData scalar: the finding sits at the token's own line, not at `userData:`.
  for (const sample of samples.slice(0, 3)) {
    const f = ctx.clusterFiles.find((c) => /^\s+userData: \|\s*$/m.test(c.text));
    if (f === undefined) break;
    const lines = f.text.split('\n');
    const at = lines.findIndex((l) => /^\s+userData: \|\s*$/.test(l));
    const indent = lines[at + 1].slice(0, lines[at + 1].search(/\S/));
    const content = [
      ...lines.slice(0, at),
      lines[at].replace('userData: |', 'userData: >-'),
      lines[at + 1],
      '',
      `${indent}${sample.line}`,
      ...lines.slice(at + 2),
    ].join('\n');
    const line = uniqueLine(content, sample.secret);
    addUserDataCase(
      ctx,
      'secret-places',
      'a folded userData scalar',
      sample,
      f.path,
      at,
      content,
      line,
      ' is written here',
    );
  }
}

/** userData lines that carry `text` base64-encoded: a MIME part, or a blob the script decodes. */
function encodedUserData(text: string, how: 'mime' | 'decode'): string[] {
  const b64 = Buffer.from(`#!/bin/bash\n${text}\n`).toString('base64');
  if (how === 'decode') return [`echo ${b64} | base64 -d > /etc/boot.sh`];
  return [
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="BOUNDARY"',
    '',
    '--BOUNDARY',
    'Content-Type: text/x-shellscript; charset="us-ascii"',
    'Content-Transfer-Encoding: base64',
    '',
    ...(b64.match(/.{1,76}/g) ?? []),
    '--BOUNDARY--',
  ];
}

/** A credential base64-encoded in userData (a MIME part, `base64 -d`): found, never shown decoded. */
export function secretEncodings(ctx: Ctx): void {
  const f = ctx.clusterFiles.find((c) => /^\s+userData: \|\s*$/m.test(c.text));
  if (f === undefined) return;
  const lines = f.text.split('\n');
  const at = lines.findIndex((l) => /^\s+userData: \|\s*$/.test(l));
  const indent = lines[at + 1].slice(0, lines[at + 1].search(/\S/));
  let end = at + 1;
  while (end < lines.length && (lines[end].startsWith(indent) || lines[end].trim() === '')) end++;
  for (const sample of ctx.b.prng.sample(oneLineSamples(), 6)) {
    for (const how of ['mime', 'decode'] as const) {
      const body = encodedUserData(sample.line, how).map((l) => (l === '' ? '' : `${indent}${l}`));
      const content = [...lines.slice(0, at + 1), ...body, ...lines.slice(end)].join('\n');
      ctx.b.add({
        family: 'secret-encodings',
        description: `${sample.kind}, base64-encoded (${how}) in the userData at ${f.path}:${at + 1}`,
        replace: [{ path: f.path, content }],
        isolate: false,
        expect: 'reject',
        secret: sample.secret,
        probes: [],
        mustSay: 'base64-encoded',
      });
    }
  }
}
