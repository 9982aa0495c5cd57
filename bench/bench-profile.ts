/**
 * Summary of a V8 CPU profile (`node --cpu-prof`, a `.cpuprofile` file) for
 * `npm run bench -- --profile`: self time by function and by package or project folder,
 * so the hot spots of the pipeline are visible without opening a profiler.
 */

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
}

/** The parts of the `.cpuprofile` format this reads. */
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileEntry {
  readonly name: string;
  readonly selfMs: number;
  readonly share: number;
}

export interface ProfileSummary {
  readonly totalMs: number;
  readonly functions: readonly ProfileEntry[];
  readonly groups: readonly ProfileEntry[];
}

/** `file:///x/node_modules/@scope/pkg/lib/a.js` → `@scope/pkg`; project files → their path below `build/`. */
export function groupOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const build = path.lastIndexOf('/build/');
  if (build >= 0) {
    const rel = path.slice(build + '/build/'.length).split('/');
    return rel.length > 1 ? `${rel[0]}/` : rel[0];
  }
  return path;
}

function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) return path.slice(nm + '/node_modules/'.length);
  const build = path.lastIndexOf('/build/');
  return build >= 0 ? path.slice(build + '/build/'.length) : path;
}

function top(map: Map<string, number>, totalUs: number, limit: number): ProfileEntry[] {
  return [...map]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([name, us]) => ({ name, selfMs: us / 1000, share: totalUs > 0 ? us / totalUs : 0 }));
}

/** Self time per function and per group, largest first. */
export function summarizeProfile(profile: CpuProfile, limit = 15): ProfileSummary {
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) byId.set(node.id, node);
  const byFunction = new Map<string, number>();
  const byGroup = new Map<string, number>();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node || us <= 0) return;
    totalUs += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const fn =
      url === '' ? functionName : `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const group = groupOf(url, functionName);
    byGroup.set(group, (byGroup.get(group) ?? 0) + us);
  });
  return {
    totalMs: totalUs / 1000,
    functions: top(byFunction, totalUs, limit),
    groups: top(byGroup, totalUs, limit),
  };
}

/** Plain-text table of a summary. */
export function formatProfile(summary: ProfileSummary): string[] {
  const row = (e: ProfileEntry) =>
    `  ${e.selfMs.toFixed(1).padStart(8)} ms ${(e.share * 100).toFixed(1).padStart(5)}%  ${e.name}`;
  return [
    `  sampled ${summary.totalMs.toFixed(0)} ms; self time by package / project folder:`,
    ...summary.groups.map(row),
    '  self time by function:',
    ...summary.functions.map(row),
  ];
}
