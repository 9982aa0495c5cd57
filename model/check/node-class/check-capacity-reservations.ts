/**
 * Capacity reservation selector terms of an EC2NodeClass, with the rules of the 1.14.1 CRD
 * (id pattern, owner pattern, id alone in its term, a term selects something, limits), and
 * how a node pool reaches reserved capacity: the `reserved` capacity type.
 */
import { CheckContext } from '../check-context';
import { LABELS } from '../../facts/constants';
import { PathSegment } from '../../parse/located';
import { RawNodeClass, RawNodePool, RawShorthand } from '../../parse/raw-fleet';
import { show } from '../../shared/show-value';

/** The CRD's patterns and limits of `capacityReservationSelectorTerms`. */
export const CAPACITY_RESERVATION_ID = /^cr-[0-9a-z]+$/;
const OWNER_ID = /^[0-9]{12}$/;
const MAX_TERMS = 30;
const MAX_TAGS = 20;

export function checkCapacityReservationTerms(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  nc: RawNodeClass,
): void {
  const terms = nc.capacityReservationSelectorTerms;
  if (terms === undefined) return;
  if (terms.length > MAX_TERMS) {
    ctx.error(
      at('capacityReservationSelectorTerms'),
      `${terms.length} capacity reservation selector terms, more than the ${MAX_TERMS} Karpenter accepts`,
      'Select reservations by tags instead of listing each id',
      'key',
    );
  }
  terms.forEach((term, i) => {
    const here = (...rest: PathSegment[]) => at('capacityReservationSelectorTerms', i, ...rest);
    if (term.id === undefined && term.tags === undefined && term.instanceMatchCriteria === undefined) {
      ctx.error(
        here(),
        'capacity reservation selector term selects nothing',
        'Give id (cr-...), or tags (with optional ownerID and instanceMatchCriteria)',
      );
    }
    if (term.id !== undefined) {
      if (!CAPACITY_RESERVATION_ID.test(term.id)) {
        ctx.error(
          here('id'),
          `'${show(term.id)}' is not a capacity reservation ID`,
          'Write cr- followed by lower-case letters and digits, e.g. cr-0123456789abcdef0',
        );
      }
      const others = (['tags', 'ownerID', 'instanceMatchCriteria'] as const).filter(
        (f) => term[f] !== undefined,
      );
      if (others.length > 0) {
        ctx.error(
          here('id'),
          `id cannot be combined with ${others.join(', ')} in one capacity reservation selector term`,
          'Put the id in a term of its own',
        );
      }
    }
    if (term.ownerID !== undefined && !OWNER_ID.test(term.ownerID)) {
      ctx.error(
        here('ownerID'),
        `'${show(term.ownerID)}' is not a 12-digit AWS account ID`,
        "Write the owner's account ID in quotes, e.g. '111122223333'",
      );
    }
    const tags = Object.entries(term.tags ?? {});
    if (tags.length > MAX_TAGS) {
      ctx.error(
        here('tags'),
        `${tags.length} tags, more than the ${MAX_TAGS} a capacity reservation selector term may have`,
        'Select with fewer tags',
        'key',
      );
    }
    for (const [key, value] of tags) {
      if (key === '' || value === '') {
        ctx.error(
          here('tags', key),
          'empty tag keys or values cannot select anything',
          "Give the tag and its value, or '*' for any value",
        );
      }
    }
  });
}

/**
 * Where a node pool asks for the `reserved` capacity type: the `capacityTypes` shorthand or
 * a `karpenter.sh/capacity-type` requirement with operator In.
 */
export function reservedCapacityPaths(pool: RawNodePool): PathSegment[][] {
  const out: PathSegment[][] = [];
  const short = pool.capacityTypes as RawShorthand | undefined;
  if (Array.isArray(short)) {
    const i = (short as readonly string[]).indexOf('reserved');
    if (i >= 0) out.push(['capacityTypes', i]);
  } else if (short !== undefined) {
    const v = short as Exclude<RawShorthand, readonly string[]>;
    const i = (v.in ?? []).indexOf('reserved');
    if (i >= 0) out.push(['capacityTypes', 'in', i]);
  }
  (pool.requirements ?? []).forEach((r, i) => {
    if (r.key !== LABELS.capacityType || r.operator !== 'In') return;
    const j = (r.values ?? []).indexOf('reserved');
    if (j >= 0) out.push(['requirements', i, 'values', j]);
  });
  return out;
}
