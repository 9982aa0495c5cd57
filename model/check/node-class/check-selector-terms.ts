/** Subnet, security group and AMI selector terms: IDs in AWS's form, fields that must stand alone, tags that select. */
import { CheckContext } from '../check-context';
import { PathSegment } from '../../parse/located';
import { RawNodeClass, RawSelectorTerm } from '../../parse/raw-fleet';
import { show } from '../../shared/show-value';

/** IDs of AWS resources selected by id. */
const ID_PATTERNS = {
  subnet: /^subnet-[0-9a-z]+$/,
  securityGroup: /^sg-[0-9a-z]+$/,
  ami: /^ami-[0-9a-z]+$/,
} as const;

export function checkNodeClassSelectorTerms(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  nc: RawNodeClass,
): void {
  checkSelectorTerms(ctx, at('subnetSelectorTerms'), nc.subnetSelectorTerms, 'subnet');
  checkSelectorTerms(ctx, at('securityGroupSelectorTerms'), nc.securityGroupSelectorTerms, 'securityGroup');
  (nc.amiSelectorTerms ?? []).forEach((term, i) => {
    if (term.id !== undefined && !ID_PATTERNS.ami.test(term.id)) {
      ctx.error(
        at('amiSelectorTerms', i, 'id'),
        `'${show(term.id)}' is not an AMI ID`,
        'Write ami- followed by lower-case letters and digits',
      );
    }
  });
}

function checkSelectorTerms(
  ctx: CheckContext,
  path: PathSegment[],
  terms: readonly RawSelectorTerm[] | undefined,
  kind: 'subnet' | 'securityGroup',
): void {
  (terms ?? []).forEach((term, i) => {
    if (term.id !== undefined && !ID_PATTERNS[kind].test(term.id)) {
      const prefix = kind === 'subnet' ? 'subnet-' : 'sg-';
      ctx.error(
        [...path, i, 'id'],
        `'${show(term.id)}' is not a ${kind === 'subnet' ? 'subnet' : 'security group'} ID`,
        `Write ${prefix} followed by lower-case letters and digits`,
      );
    }
    const fields = Object.keys(term);
    if (fields.length === 0) ctx.error([...path, i], 'selector term is empty', 'Give tags or id');
    const alone = (['id', 'name'] as const).find((f) => term[f] !== undefined);
    if (alone !== undefined && fields.length > 1) {
      ctx.error(
        [...path, i, alone],
        `${alone} cannot be combined with other fields in one selector term`,
        `Put the ${alone} in a term of its own`,
      );
    }
    for (const [key, value] of Object.entries(term.tags ?? {})) {
      if (key === '' || value === '') {
        ctx.error(
          [...path, i, 'tags', key],
          'empty tag keys or values cannot select anything',
          "Give the tag and its value, or '*' for any value",
        );
      }
    }
  });
}
