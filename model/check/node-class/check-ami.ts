/**
 * A node class's AMI: exactly one of alias / amiSelectorTerms, the shape of each AMI selector
 * term, every alias (form, family, publication for the Kubernetes version, pinning), and
 * amiFamily against the alias family. Returns the family the aliases name, if any.
 */
import { ALIAS_FAMILIES, aliasVersionProblem, exampleAlias, parseAlias } from '../../facts/ami-alias';
import { aliasKubernetesProblem } from '../../facts/ami-publication';
import { al2023ReleaseProblem } from '../../facts/al2023-release-coverage';
import { CheckContext } from '../check-context';
import { AmiFamily } from '../../facts/constants';
import { FLEET_DEFAULTS } from '../../shared/fleet-defaults';
import { PathSegment } from '../../parse/located';
import { RawNodeClass } from '../../parse/raw-fleet';
import { show } from '../../shared/show-value';

type At = (...rest: PathSegment[]) => PathSegment[];

/** An alias as written, where it was written. */
interface WrittenAlias {
  readonly path: PathSegment[];
  readonly alias: string;
}

export function checkAmi(ctx: CheckContext, at: At, nc: RawNodeClass): AmiFamily | undefined {
  checkAmiSource(ctx, at, nc);
  const aliases = checkAmiSelectorTerms(ctx, at, nc);
  let aliasFamily: AmiFamily | undefined;
  for (const { path, alias } of aliases) aliasFamily = checkAlias(ctx, path, alias, nc) ?? aliasFamily;
  checkAmiFamily(ctx, at, nc, aliasFamily, aliases.length);
  return aliasFamily;
}

/** Exactly one of alias / amiSelectorTerms. */
function checkAmiSource(ctx: CheckContext, at: At, nc: RawNodeClass): void {
  if (nc.alias !== undefined && nc.amiSelectorTerms !== undefined) {
    ctx.error(
      at('alias'),
      'alias and amiSelectorTerms are both set',
      'Keep one: alias is shorthand for amiSelectorTerms: [{ alias }]',
      'key',
    );
  } else if (nc.alias === undefined && nc.amiSelectorTerms === undefined) {
    ctx.error(
      at(),
      'the node class names no AMI',
      `Add alias: ${exampleAlias('AL2023')} (a pinned family@version), or amiSelectorTerms`,
      'key',
    );
  }
}

/** The shape of each AMI selector term; returns every alias, `alias:` first. */
function checkAmiSelectorTerms(ctx: CheckContext, at: At, nc: RawNodeClass): WrittenAlias[] {
  const aliases: WrittenAlias[] = [];
  if (nc.alias !== undefined) aliases.push({ path: at('alias'), alias: nc.alias });
  (nc.amiSelectorTerms ?? []).forEach((term, i) => {
    const fields = Object.keys(term);
    if (fields.length === 0) {
      ctx.error(
        at('amiSelectorTerms', i),
        'AMI selector term is empty',
        'Give alias, id, name, ssmParameter or tags',
      );
    }
    if (term.alias !== undefined) {
      aliases.push({ path: at('amiSelectorTerms', i, 'alias'), alias: term.alias });
      if (fields.length > 1) {
        ctx.error(
          at('amiSelectorTerms', i, 'alias'),
          'alias cannot be combined with other fields in one AMI selector term',
          'Use the alias alone',
        );
      }
      if ((nc.amiSelectorTerms ?? []).length > 1) {
        ctx.error(
          at('amiSelectorTerms', i, 'alias'),
          'an alias term must be the only AMI selector term',
          'Remove the other terms, or drop the alias',
        );
      }
    }
    if (term.id !== undefined && fields.length > 1) {
      ctx.error(
        at('amiSelectorTerms', i, 'id'),
        'id cannot be combined with other fields in one AMI selector term',
        'Use the id alone',
      );
    }
  });
  return aliases;
}

/** One alias: its form, family, publication and pinning; returns its family when it has a known one. */
function checkAlias(
  ctx: CheckContext,
  path: PathSegment[],
  alias: string,
  nc: RawNodeClass,
): AmiFamily | undefined {
  const parsed = parseAlias(alias);
  if (!parsed) {
    ctx.error(
      path,
      `'${show(alias)}' is not an AMI alias of the form family@version`,
      `Write e.g. ${exampleAlias('AL2023')} or ${exampleAlias('Bottlerocket')}`,
    );
    return undefined;
  }
  if (!parsed.amiFamily) {
    ctx.error(
      path,
      `unknown AMI alias family '${parsed.family}'`,
      `Use one of: ${Object.keys(ALIAS_FAMILIES).join(', ')}`,
    );
    return undefined;
  }
  const kubernetesVersion = ctx.raw.kubernetesVersion ?? FLEET_DEFAULTS.kubernetesVersion;
  const unpublished = aliasKubernetesProblem(parsed.family, kubernetesVersion);
  if (unpublished) {
    const implied = ctx.raw.kubernetesVersion === undefined ? ' (kubernetesVersion defaults to it)' : '';
    ctx.error(path, `${unpublished.message}${implied}`, unpublished.fix);
  }
  const versionProblem = aliasVersionProblem(parsed);
  if (versionProblem) {
    ctx.error(path, versionProblem.message, versionProblem.fix);
  } else if (parsed.family === 'al2023' && parsed.version !== 'latest') {
    checkAl2023Release(ctx, path, parsed.version, kubernetesVersion);
  } else if (parsed.version === 'latest') {
    const pinned = exampleAlias(parsed.amiFamily);
    const pin =
      pinned !== undefined && !pinned.endsWith('@latest')
        ? `Pin a version such as ${pinned}`
        : 'Pin with amiSelectorTerms by AMI id (Windows aliases cannot be pinned)';
    if (nc.allowLatestAmi === true) {
      ctx.warn(
        path,
        `'${show(alias)}' is not pinned: nodes change AMI whenever a new one is released, without a change in Git`,
        `${pin} and remove allowLatestAmi`,
      );
    } else {
      ctx.error(
        path,
        `'${show(alias)}' is not pinned: nodes would change AMI without a change in Git`,
        `${pin}, or set allowLatestAmi: true to accept this knowingly`,
      );
    }
  }
  return parsed.amiFamily;
}

/**
 * A pinned AL2023 release against the cluster's Kubernetes version, by the release data
 * (model/facts/al2023-release-coverage.ts).
 */
function checkAl2023Release(
  ctx: CheckContext,
  path: PathSegment[],
  version: string,
  kubernetesVersion: string,
): void {
  const problem = al2023ReleaseProblem(version, kubernetesVersion);
  if (problem === undefined) return;
  const implied = ctx.raw.kubernetesVersion === undefined ? ' (kubernetesVersion defaults to it)' : '';
  if (problem.severity === 'error') ctx.error(path, `${problem.message}${implied}`, problem.fix);
  else ctx.warn(path, problem.message, problem.fix);
}

/** amiFamily against the alias family, and required when no term is an alias. */
function checkAmiFamily(
  ctx: CheckContext,
  at: At,
  nc: RawNodeClass,
  aliasFamily: AmiFamily | undefined,
  aliasCount: number,
): void {
  if (
    nc.amiFamily !== undefined &&
    nc.amiFamily !== 'Custom' &&
    aliasFamily !== undefined &&
    nc.amiFamily !== aliasFamily
  ) {
    ctx.error(
      at('amiFamily'),
      `amiFamily ${nc.amiFamily} does not match the alias family ${aliasFamily}`,
      'Remove amiFamily (the alias sets it), or use Custom with your own userData',
    );
  }
  if (
    nc.amiSelectorTerms !== undefined &&
    aliasFamily === undefined &&
    aliasCount === 0 &&
    nc.amiFamily === undefined
  ) {
    ctx.error(
      at('amiSelectorTerms'),
      'amiFamily is required when no AMI selector term is an alias',
      'Add amiFamily (e.g. AL2023), which decides the userData format',
    );
  }
}
