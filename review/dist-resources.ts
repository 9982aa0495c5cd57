/**
 * Turns a dist/ tree held in memory (DistFiles) into the objects the impact report compares:
 * every YAML document with a kind becomes a resource identified by cluster, kind, namespace and
 * name (so a renamed file holding the same object is not an add plus a remove); Helm values and
 * other YAML without a kind are compared as whole files; the AWS side's files (CloudFormation template,
 * Terraform module) are kept apart, by their target.
 */
import { parseAllDocuments } from 'yaml';
import { Diagnostic, UserError, DistFiles, distPaths, POLICY_PROOF_FILE } from '../model';
import { FILE_TARGETS, readTargetFile } from '../policies/targets/targets';
import { isPlainObject } from './impact/field-diff';
import { FILE_KINDS } from './resource-kinds';

export interface DistResource {
  /** First folder of the path: the cluster name, or `fleet` for the fleet entry point. */
  readonly cluster: string;
  /** Path relative to dist/. */
  readonly file: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  readonly body: unknown;
}

export interface ParsedDist {
  /** Keyed by resourceId(). */
  readonly resources: ReadonlyMap<string, DistResource>;
}

export function resourceId(r: Pick<DistResource, 'cluster' | 'kind' | 'namespace' | 'name'>): string {
  return `${r.cluster}\u0000${r.kind}\u0000${r.namespace ?? ''}\u0000${r.name}`;
}

/**
 * @param label how the tree is named in errors, e.g. `dist` or `main:dist`.
 * @throws UserError naming every file that cannot be parsed.
 */
export function parseDist(files: DistFiles, label: string): ParsedDist {
  const resources = new Map<string, DistResource>();
  const problems: Diagnostic[] = [];
  for (const file of [...files.keys()].sort()) {
    const content = files.get(file) ?? '';
    const cluster = file.split('/')[0];
    const where = `${label}/${file}`;
    // The proof record of the policy scenarios changes with the template; it changes no node.
    if (
      file.endsWith(`/${POLICY_PROOF_FILE}`) &&
      FILE_TARGETS.some((t) => file === distPaths.policyProof(cluster, t.dir))
    )
      continue;
    if (file.endsWith('.json')) {
      let body: unknown;
      try {
        body = JSON.parse(content);
      } catch (e) {
        problems.push(problem(where, 0, `is not valid JSON (${(e as Error).message})`));
        continue;
      }
      const target = FILE_TARGETS.find((t) => file === distPaths.awsSide(cluster, t.dir, t.file));
      const kind = target ? target.title : FILE_KINDS.otherFile;
      add(resources, problems, { cluster, file, kind, name: withinCluster(file, cluster), body }, where);
      continue;
    }
    const yamlTarget = FILE_TARGETS.find(
      (t) => t.read !== undefined && file === distPaths.awsSide(cluster, t.dir, t.file),
    );
    if (yamlTarget) {
      // A target whose main file is a stream of objects (ack): one AWS-side file, read by its target.
      let body: unknown;
      try {
        body = readTargetFile(yamlTarget, content);
      } catch (e) {
        problems.push(problem(where, 0, `is not valid YAML (${(e as Error).message})`));
        continue;
      }
      const name = withinCluster(file, cluster);
      add(resources, problems, { cluster, file, kind: yamlTarget.title, name, body }, where);
      continue;
    }
    if (!file.endsWith('.yaml') && !file.endsWith('.yml')) {
      add(
        resources,
        problems,
        { cluster, file, kind: FILE_KINDS.otherFile, name: withinCluster(file, cluster), body: content },
        where,
      );
      continue;
    }
    const docs = parseAllDocuments(content, { prettyErrors: true });
    if (!Array.isArray(docs)) continue; // an empty stream
    docs.forEach((doc, index) => {
      if (doc.errors.length > 0) {
        const err = doc.errors[0];
        problems.push(
          problem(where, err.linePos?.[0].line ?? 0, `is not valid YAML: ${err.message.split('\n')[0]}`),
        );
        return;
      }
      const body: unknown = doc.toJS();
      if (body === null || body === undefined) return;
      const meta = isPlainObject(body) && isPlainObject(body.metadata) ? body.metadata : undefined;
      if (isPlainObject(body) && typeof body.kind === 'string' && typeof meta?.name === 'string') {
        const namespace = typeof meta.namespace === 'string' ? meta.namespace : undefined;
        add(resources, problems, { cluster, file, kind: body.kind, name: meta.name, namespace, body }, where);
      } else {
        const isValues = file === distPaths.karpenterValues(cluster);
        const kind = isValues ? FILE_KINDS.helmValues : FILE_KINDS.otherFile;
        const base = isValues ? 'karpenter' : withinCluster(file, cluster);
        const name = docs.length > 1 ? `${base}#${index}` : base;
        add(resources, problems, { cluster, file, kind, name, body }, where);
      }
    });
  }
  if (problems.length > 0) throw new UserError(problems);
  return { resources };
}

/** `ticketing/argocd/x.yaml` → `argocd/x.yaml`: the cluster is shown in its own column. */
function withinCluster(file: string, cluster: string): string {
  return file.startsWith(`${cluster}/`) ? file.slice(cluster.length + 1) : file;
}

function add(into: Map<string, DistResource>, problems: Diagnostic[], r: DistResource, where: string): void {
  const id = resourceId(r);
  const existing = into.get(id);
  if (existing) {
    problems.push(problem(where, 0, `defines ${r.kind} ${r.name} again (already in ${existing.file})`));
    return;
  }
  into.set(id, r);
}

function problem(file: string, line: number, message: string): Diagnostic {
  return {
    severity: 'error',
    file,
    line,
    col: line > 0 ? 1 : 0,
    path: '',
    message,
    fix: 'Regenerate dist/ with `karpenter-gitops synth` or fix the file by hand',
  };
}
