/**
 * A node pool's architectures against the AMI family of its node class
 * (model/facts/ami-families.ts): Windows AMIs exist for amd64 only, so a Windows class under a
 * pool that allows arm64 never launches arm64 nodes, and under an arm64-only pool none at all.
 */
import { behaviourOf, familyKind, writtenFamily } from '../../facts/ami-families';
import { CheckContext } from '../check-context';
import { ARCHITECTURES, Architecture, LABELS } from '../../facts/constants';
import { PathSegment } from '../../parse/located';
import { RawNodePool } from '../../parse/raw-fleet';

/** The architectures a pool allows, and where it says so; undefined when it does not restrict them. */
export function poolArchitectures(
  pool: RawNodePool,
): { readonly allowed: readonly Architecture[]; readonly path: readonly PathSegment[] } | undefined {
  const a = pool.architectures;
  if (a !== undefined) {
    const path: PathSegment[] = ['architectures'];
    if (Array.isArray(a)) return { allowed: a as readonly Architecture[], path };
    const s = a as { readonly in?: readonly Architecture[]; readonly notIn?: readonly Architecture[] };
    if (s.in !== undefined) return { allowed: s.in, path: [...path, 'in'] };
    if (s.notIn !== undefined)
      return { allowed: ARCHITECTURES.filter((x) => !s.notIn?.includes(x)), path: [...path, 'notIn'] };
  }
  const i = (pool.requirements ?? []).findIndex(
    (r) => r.key === LABELS.arch && (r.operator === 'In' || r.operator === 'NotIn'),
  );
  if (i < 0) return undefined;
  const r = (pool.requirements ?? [])[i];
  const values = (r.values ?? []) as readonly string[];
  const allowed = ARCHITECTURES.filter((x) =>
    r.operator === 'In' ? values.includes(x) : !values.includes(x),
  );
  return { allowed, path: ['requirements', i, 'values'] };
}

export function checkPoolArchitectures(ctx: CheckContext, poolName: string, pool: RawNodePool): void {
  const nc = ctx.raw.nodeClasses?.[pool.nodeClass];
  if (nc === undefined) return;
  const family = writtenFamily(nc);
  if (family === undefined) return;
  const arch = poolArchitectures(pool);
  if (arch === undefined) return;
  const supported = behaviourOf(family).architectures;
  const unsupported = arch.allowed.filter((x) => !supported.includes(x));
  if (unsupported.length === 0) return;
  const path = ['nodePools', poolName, ...arch.path];
  const what =
    familyKind(family) === 'Windows'
      ? `${family} AMIs exist for ${supported.join(', ')} only`
      : `${family} supports ${supported.join(', ')} only`;
  if (arch.allowed.every((x) => unsupported.includes(x))) {
    ctx.error(
      path,
      `the pool allows only ${unsupported.join(', ')}, but its node class '${pool.nodeClass}' is ${family}: ${what}, so no node can launch`,
      `Allow ${supported.join(', ')} (architectures: [${supported.join(', ')}]), or use a Linux node class for ${unsupported.join(', ')}`,
    );
  } else {
    ctx.warn(
      path,
      `the pool allows ${unsupported.join(', ')}, but its node class '${pool.nodeClass}' is ${family}: ${what}; pods that need ${unsupported.join(', ')} stay pending`,
      `Remove ${unsupported.join(', ')} from this pool (architectures: [${supported.join(', ')}])`,
    );
  }
}
