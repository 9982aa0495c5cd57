/**
 * The relative links of Markdown files, and which of them point at nothing among a set of paths
 * (a package's files): `[text](target)`, `[ref]: target` and `<img src>`-free Markdown only; links
 * with a scheme (https:, mailto:) and pure anchors (#section) are not relative; fenced code
 * blocks and inline code are not links.
 */
import { posix } from 'node:path';

/** Every relative link target of `markdown` (anchor and query removed), in order. */
export function relativeLinks(markdown: string): string[] {
  const text = markdown.replace(/^(```|~~~)[^]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
  const targets: string[] = [];
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]);
  for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(m[1]);
  return targets
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'))
    .map((t) => decodeURI(t.replace(/[?#].*$/, '')))
    .filter((t) => t !== '');
}

/**
 * `file → target` for each relative link of the Markdown files among `files` that names neither
 * a file nor a folder among them (paths relative to the package root, POSIX).
 */
export function brokenLinks(files: readonly string[], read: (file: string) => string): string[] {
  const have = new Set(files);
  const folders = new Set(
    files.flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, a) => a.slice(0, i + 1).join('/')),
    ),
  );
  const broken: string[] = [];
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    for (const target of relativeLinks(read(file))) {
      const resolved = posix.normalize(posix.join(posix.dirname(file), target)).replace(/\/$/, '');
      if (!have.has(resolved) && !folders.has(resolved)) broken.push(`${file} → ${target}`);
    }
  }
  return broken;
}
