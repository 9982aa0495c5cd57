/**
 * v1alpha1 AWSNodeTemplate selectors (`subnetSelector`, `securityGroupSelector`,
 * `amiSelector`) as v1 selector terms. The old form was one map: tag key → value, with
 * comma-separated values meaning "any of", '' meaning "any value", and the special keys
 * `aws-ids` / `aws::ids` (comma-separated IDs), `aws::name` and `aws::owners` (AMIs).
 */
import { DocumentContext } from './document-context';
import { AmiTermDraft, SelectorTermDraft } from './drafts';
import { FieldPath } from './manifest-documents';

const ID_KEYS = ['aws-ids', 'aws::ids'];

/** Subnet or security group selector map → terms. */
export function convertLegacySelector(
  ctx: DocumentContext,
  path: FieldPath,
  target: string,
): SelectorTermDraft[] | undefined {
  const selector = ctx.stringMap(path);
  if (!selector) return undefined;
  const keys = Object.keys(selector);
  const idKey = keys.find((k) => ID_KEYS.includes(k));
  if (idKey) {
    const ids = splitList(selector[idKey]);
    const others = keys.filter((k) => k !== idKey);
    ctx.report(
      'info',
      'converted',
      [...path, idKey],
      target,
      `${idKey}: '${selector[idKey]}' became ${ids.length} id term(s)`,
      'v1 selects by ID with one term per ID',
    );
    if (others.length > 0) {
      ctx.report(
        'warning',
        'dropped',
        [...path, others[0]],
        '',
        `tag filter ${others.join(', ')} was left out`,
        'An id term cannot carry tags in v1, and the IDs already name exactly which resources to use',
      );
    }
    return ids.map((id) => ({ id }));
  }
  if (keys.length === 0) {
    ctx.report(
      'warning',
      'defaulted',
      path,
      target,
      'the empty selector was replaced by the fleet default (discovery tag = cluster name)',
      'An empty selector selects nothing useful in v1',
    );
    return undefined;
  }
  const terms = tagTerms(ctx, path, selector, target);
  ctx.report(
    'info',
    'converted',
    path,
    target,
    `the selector map became ${terms.length} selector term(s)`,
    'v1beta1 replaced selector maps with lists of terms; a term matches when all its tags match, any term may match',
  );
  return terms.map((tags) => ({ tags }));
}

/** AMI selector map → AMI selector terms. */
export function convertLegacyAmiSelector(
  ctx: DocumentContext,
  path: FieldPath,
  target: string,
): AmiTermDraft[] | undefined {
  const selector = ctx.stringMap(path);
  if (!selector) return undefined;
  const keys = Object.keys(selector);
  const idKey = keys.find((k) => ID_KEYS.includes(k));
  if (idKey) {
    const ids = splitList(selector[idKey]);
    ctx.report(
      'info',
      'converted',
      [...path, idKey],
      target,
      `${idKey} became ${ids.length} id term(s)`,
      'v1 selects AMIs by ID with one term per ID',
    );
    const others = keys.filter((k) => k !== idKey);
    if (others.length > 0) {
      ctx.report(
        'warning',
        'dropped',
        [...path, others[0]],
        '',
        `AMI filter ${others.join(', ')} was left out`,
        'An id term cannot be combined with other fields in v1',
      );
    }
    return ids.map((id) => ({ id }));
  }
  const names = selector['aws::name'] !== undefined ? splitList(selector['aws::name']) : [undefined];
  const owners = selector['aws::owners'] !== undefined ? splitList(selector['aws::owners']) : [undefined];
  const tagSelector = Object.fromEntries(
    keys.filter((k) => !k.startsWith('aws::')).map((k) => [k, selector[k]]),
  );
  for (const k of keys.filter((k) => k.startsWith('aws::') && k !== 'aws::name' && k !== 'aws::owners')) {
    ctx.report(
      'warning',
      'dropped',
      [...path, k],
      '',
      `'${k}' was left out`,
      'v1 AMI selector terms have no equivalent',
    );
  }
  const tagSets =
    Object.keys(tagSelector).length > 0 ? tagTerms(ctx, path, tagSelector, target) : [undefined];
  const terms: AmiTermDraft[] = [];
  for (const name of names) {
    for (const owner of owners) {
      for (const tags of tagSets) {
        const term: AmiTermDraft = {};
        if (name !== undefined) term.name = name;
        if (owner !== undefined) term.owner = owner;
        if (tags !== undefined) term.tags = tags;
        terms.push(term);
      }
    }
  }
  ctx.report(
    'info',
    'converted',
    path,
    target,
    `the AMI selector became ${terms.length} AMI selector term(s)`,
    'v1beta1 replaced selector maps with terms: one per name and owner combination',
  );
  return terms;
}

/** Tag maps with comma-separated values expand to one term per combination; '' becomes '*'. */
function tagTerms(
  ctx: DocumentContext,
  path: FieldPath,
  selector: Readonly<Record<string, string>>,
  target: string,
): Record<string, string>[] {
  let terms: Record<string, string>[] = [{}];
  for (const key of Object.keys(selector)) {
    const raw = selector[key];
    let values: string[];
    if (raw === '') {
      values = ['*'];
      ctx.report(
        'info',
        'converted',
        [...path, key],
        target,
        `tag ${key}: '' became '*'`,
        "v1 matches any value of a tag with '*'; '' would only match an empty value",
      );
    } else {
      values = splitList(raw);
      if (values.length > 1) {
        ctx.report(
          'info',
          'split',
          [...path, key],
          target,
          `'${raw}' became one term per value`,
          'v1 has no comma lists inside a term; separate terms are ORed',
        );
      }
    }
    terms = terms.flatMap((t) => values.map((v) => ({ ...t, [key]: v })));
  }
  return terms;
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
