/**
 * userData checked against how Karpenter v1.14.1 merges it for the class's AMI family
 * (model/facts/ami-families.ts): AL2023's nodeadm parts, AL2's shell/MIME parts, Windows' PowerShell
 * wrapping, and Custom, where Karpenter adds nothing so userData is the only way a node joins.
 */
import { isMap, LineCounter, parse, parseDocument } from 'yaml';
import { familyKind } from '../../facts/ami-families';
import { CheckContext } from '../check-context';
import { AmiFamily } from '../../facts/constants';
import { formatPath, PathSegment } from '../../parse/located';
import { RawNodeClass } from '../../parse/raw-fleet';
import { TextPosition, userDataPosition } from './user-data-position';

/** What Karpenter makes of AL2023 userData (bootstrap/nodeadm.go, parseUserData). */
export type NodeadmPart = 'mime' | 'node-config' | 'shell';

export function classifyNodeadmUserData(userData: string): NodeadmPart {
  const t = userData.trim();
  if (t.startsWith('MIME-Version:') || t.startsWith('Content-Type:')) return 'mime';
  // yaml.Unmarshal into a map: a YAML mapping (or an empty document) becomes a NodeConfig part.
  try {
    const v: unknown = parse(userData);
    if (v === null || v === undefined || (typeof v === 'object' && !Array.isArray(v))) return 'node-config';
  } catch {
    // not YAML: a shell-script part
  }
  return 'shell';
}

/** NodeConfig fields Karpenter's own NodeConfig sets; nodeadm merges it over the user's. */
const KARPENTER_NODE_CONFIG_FIELDS: readonly (readonly [string, string, string])[] = [
  ['cluster', 'name', 'the cluster name'],
  ['cluster', 'apiServerEndpoint', 'the cluster endpoint'],
  ['cluster', 'certificateAuthority', 'the cluster CA bundle'],
  ['cluster', 'cidr', 'the cluster service CIDR'],
];

export function checkUserData(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  nc: RawNodeClass,
  family: AmiFamily | undefined,
): void {
  if (family === undefined) return;
  const kind = familyKind(family);
  const userData = nc.userData;
  if (kind === 'Custom') {
    if (userData === undefined && nc.bottlerocket === undefined) {
      ctx.warn(
        at('amiFamily'),
        'amiFamily Custom with no userData: Karpenter generates none for Custom, so nodes join only if the AMI bootstraps itself; otherwise they launch, never register, and are replaced in a loop',
        'Add userData that joins the node (e.g. /etc/eks/bootstrap.sh or a nodeadm NodeConfig), or use the AMI’s own family (AL2023, Bottlerocket, …) so Karpenter writes it',
      );
    }
    return;
  }
  if (userData === undefined) return;
  const trimmed = userData.trim();
  if (kind === 'AL2023') {
    const part = classifyNodeadmUserData(userData);
    if (part === 'node-config') {
      const doc = parse(userData) as Record<string, unknown> | null;
      const isNodeConfig =
        doc !== null &&
        typeof doc.apiVersion === 'string' &&
        doc.apiVersion.startsWith('node.eks.aws/') &&
        doc.kind === 'NodeConfig';
      if (!isNodeConfig) {
        ctx.error(
          at('userData'),
          'this AL2023 userData is YAML but not a nodeadm NodeConfig: Karpenter passes YAML to nodeadm as a NodeConfig part, which nodeadm rejects, and the node never joins',
          'Write a NodeConfig (apiVersion: node.eks.aws/v1alpha1, kind: NodeConfig), a shell script starting with #!, or a MIME multi-part document (for cloud-config)',
        );
        return;
      }
      const spec = (doc.spec ?? {}) as Record<string, Record<string, unknown> | undefined>;
      const toFleet = userDataPosition(ctx, at('userData'));
      for (const [section, field, writes] of KARPENTER_NODE_CONFIG_FIELDS) {
        if (spec[section]?.[field] !== undefined) {
          ctx.diagnostics.push({
            severity: 'warning',
            ...toFleet(yamlKeyPosition(userData, ['spec', section, field])),
            path: formatPath(at('userData')),
            message: `the NodeConfig sets spec.${section}.${field}, which Karpenter sets itself (${writes}) in the NodeConfig it appends, so nodeadm uses Karpenter's value`,
            fix: `Remove spec.${section}.${field} from the NodeConfig`,
          });
        }
      }
    } else if (part === 'shell' && !trimmed.startsWith('#!')) {
      ctx.error(
        at('userData'),
        'this AL2023 userData is neither a NodeConfig, a shell script (no #! line) nor MIME multi-part: Karpenter wraps it as a shell-script part that cloud-init cannot run',
        'Start the script with #!/bin/bash, or write a NodeConfig (apiVersion: node.eks.aws/v1alpha1, kind: NodeConfig)',
      );
    }
  } else if (kind === 'AL2') {
    const mime = trimmed.startsWith('MIME-Version:') || trimmed.startsWith('Content-Type:');
    if (!mime && !trimmed.startsWith('#!')) {
      ctx.error(
        at('userData'),
        'this AL2 userData is neither a shell script (no #! line) nor MIME multi-part: Karpenter wraps it as a shell-script part that cloud-init cannot run',
        'Start the script with #!/bin/bash, or write a MIME multi-part document',
      );
    }
  } else if (kind === 'Windows' && /<\/?powershell>/i.test(userData)) {
    ctx.error(
      at('userData'),
      'Karpenter already wraps Windows userData in <powershell> tags; nested tags break the script and its Start-EKSBootstrap.ps1 call',
      'Remove the <powershell> and </powershell> tags and keep the commands',
    );
  }
}

/** Where the key at `path` is written in a YAML text (1-based), or undefined. */
function yamlKeyPosition(text: string, path: readonly string[]): TextPosition | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  let node: unknown = doc.contents;
  let offset: number | undefined;
  for (const seg of path) {
    if (!isMap(node)) return undefined;
    const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === seg);
    if (!pair) return undefined;
    offset = (pair.key as { range?: [number, number, number] }).range?.[0];
    node = pair.value;
  }
  if (offset === undefined) return undefined;
  const { line, col } = lineCounter.linePos(offset);
  return { line, col };
}
