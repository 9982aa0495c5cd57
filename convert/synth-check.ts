/**
 * The converter runs the same checks as `npm run synth` on what it writes: the loader's checks
 * (schema, Karpenter's rules, names, AWS facts), generation, and validation of the generated
 * manifests against the CRDs. Whatever synth would refuse or warn about becomes a report line
 * at the source manifest that produced it, so nothing the converter writes is refused later
 * without a line in the report.
 */
import { Diagnostic, UserError } from '../model/diagnostics';
import { loadFleetFromSources } from '../model/load-fleet';
import { synthesize } from '../synth/synthesize';
import { validateDist } from '../validation/validate-dist';
import { ReportEntry } from './conversion-report';
import { ClusterSettings } from './fleet-description';

/** Where a converted pool or class came from: the first line of its source object. */
export interface DraftOrigin {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  /** `Kind/name` of the source object. */
  readonly object: string;
}

export interface SynthCheckInput {
  readonly yaml: string;
  readonly cluster: ClusterSettings;
  /** `nodePools.<name>` / `nodeClasses.<name>` → the manifest it was converted from. */
  readonly origins: ReadonlyMap<string, DraftOrigin>;
  /** The first source file, for findings that concern no single object. */
  readonly firstFile: string;
}

/** The fleet-description map each converted kind lives in. */
const FLEET_KEY_OF_KIND: Readonly<Record<string, string>> = {
  NodePool: 'nodePools',
  EC2NodeClass: 'nodeClasses',
  NodeOverlay: 'nodeOverlays',
  CapacityBuffer: 'capacityBuffers',
};

/** Values the header asks the user for, filled in for the check only (never written out). */
const PLACEHOLDER_ACCOUNT = '000000000000';
const PLACEHOLDER_REPO = 'https://example.invalid/gitops.git';

/** Runs synth's checks on the converted description; returns report lines for what they find. */
export function synthCheck(input: SynthCheckInput): ReportEntry[] {
  const c = input.cluster;
  const placeholders: string[] = [];
  if (c.accountId === undefined || c.region === undefined) {
    placeholders.push('aws:');
    if (c.accountId === undefined) placeholders.push(`  accountId: "${PLACEHOLDER_ACCOUNT}"`);
    if (c.region === undefined) placeholders.push(`  region: ${regionGuess(input.yaml)}`);
  }
  if (c.repoURL === undefined || c.destination === undefined) {
    placeholders.push('gitops:');
    if (c.repoURL === undefined) placeholders.push(`  repoURL: ${PLACEHOLDER_REPO}`);
    if (c.destination === undefined) placeholders.push(`  destination: { name: ${c.name} }`);
  }
  const sources = [{ path: `clusters/${c.name}.yaml`, text: input.yaml }];
  if (placeholders.length > 0)
    sources.push({ path: 'clusters/_defaults.yaml', text: placeholders.join('\n') + '\n' });

  const entries: ReportEntry[] = [];
  let diagnostics: readonly Diagnostic[];
  try {
    const { fleet, warnings } = loadFleetFromSources(sources);
    diagnostics = warnings;
    const findings = validateDist(synthesize(fleet), fleet, { cfnLint: false });
    for (const f of findings) {
      const kind = f.object?.split('/')[0];
      const name = f.object?.split('/')[1];
      const fleetKey = kind === undefined ? undefined : FLEET_KEY_OF_KIND[kind];
      const key = fleetKey === undefined ? undefined : `${fleetKey}.${name}`;
      entries.push(entry(input, key, f.severity, `${f.object ?? f.file} ${f.path}`.trim(), f.message, f.fix));
    }
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    diagnostics = e.diagnostics;
  }
  for (const d of diagnostics) {
    if (d.file.endsWith('/_defaults.yaml')) continue; // about a placeholder the header already asks for
    const [top, name] = d.path.split('.');
    const key = Object.values(FLEET_KEY_OF_KIND).includes(top) ? `${top}.${name}` : undefined;
    entries.push(entry(input, key, d.severity, d.path, d.message, d.fix));
  }
  return entries;
}

function entry(
  input: SynthCheckInput,
  key: string | undefined,
  severity: 'error' | 'warning',
  target: string,
  message: string,
  fix: string | undefined,
): ReportEntry {
  const origin = key === undefined ? undefined : input.origins.get(key);
  return {
    level: 'warning',
    action: severity === 'error' ? 'refused' : 'checked',
    file: origin?.file ?? input.firstFile,
    line: origin?.line ?? 0,
    col: origin?.col ?? 0,
    source: origin?.object ?? 'fleet description',
    target,
    message: severity === 'error' ? `synth would refuse it: ${message}` : `synth warns: ${message}`,
    reason: fix ?? 'See the message',
  };
}

/** A region for the check when none was given: the one the pools' zones name, else us-east-1. */
function regionGuess(yaml: string): string {
  const zone = /\b([a-z]{2}(?:-[a-z]+)+-\d+)[a-z]\b/.exec(yaml);
  return zone ? zone[1] : 'us-east-1';
}
