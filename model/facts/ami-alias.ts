/** AMI aliases (`family@version`) as Karpenter v1 accepts them. */
import { newestAl2023Release } from './ami-publication';
import { AmiFamily } from './constants';
import { DEFAULT_KUBERNETES_VERSION } from './versions';

/** Alias family (lower case, as written before `@`) → amiFamily. */
export const ALIAS_FAMILIES: Readonly<Record<string, AmiFamily>> = {
  al2: 'AL2',
  al2023: 'AL2023',
  bottlerocket: 'Bottlerocket',
  windows2019: 'Windows2019',
  windows2022: 'Windows2022',
  windows2025: 'Windows2025',
};

export interface ParsedAlias {
  readonly family: string;
  readonly version: string;
  readonly amiFamily?: AmiFamily;
}

/** `al2023@v20260714` → parts; undefined when it is not `family@version`. */
export function parseAlias(alias: string): ParsedAlias | undefined {
  const m = /^([a-z0-9]+)@(latest|v[0-9][A-Za-z0-9._-]*)$/.exec(alias);
  if (!m) return undefined;
  return { family: m[1], version: m[2], amiFamily: ALIAS_FAMILIES[m[1]] };
}

/**
 * How each family names its releases, as Karpenter 1.14.1 resolves a pinned alias
 * (pkg/providers/amifamily): AL2 and AL2023 look up the EKS-optimized AMI release
 * `vYYYYMMDD` (SSM `.../amazon-eks-node-<k8s>-v20250505`), Bottlerocket looks up its OS
 * release `1.x.y` (SSM `/aws/service/bottlerocket/aws-k8s-<k8s>/<arch>/1.39.1`, the `v` is
 * trimmed), and Windows aliases only take `latest` (the CRD's CEL rule).
 */
export interface AliasVersionFormat {
  /** Matches a pinned version of this family; undefined where the family cannot be pinned. */
  readonly pattern?: RegExp;
  /** How to write it, in words. */
  readonly describe: string;
  /** A version of the right shape to show in hints. */
  readonly example: string;
}

const EKS_RELEASE: AliasVersionFormat = {
  pattern: /^v20[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])$/,
  describe: 'an EKS AMI release date vYYYYMMDD',
  example: 'v20250505',
};

export const ALIAS_VERSION_FORMATS: Readonly<Record<AmiFamily, AliasVersionFormat>> = {
  AL2: EKS_RELEASE,
  // The example is a release that exists for the default Kubernetes version (the release data,
  // model/facts/al2023-release-coverage.ts), as init writes it.
  AL2023: { ...EKS_RELEASE, example: newestAl2023Release(DEFAULT_KUBERNETES_VERSION) ?? EKS_RELEASE.example },
  Bottlerocket: {
    pattern: /^v1\.[0-9]+\.[0-9]+$/,
    describe: 'a Bottlerocket release v1.x.y',
    example: 'v1.39.1',
  },
  Windows2019: { describe: 'latest (Windows aliases cannot be pinned)', example: 'latest' },
  Windows2022: { describe: 'latest (Windows aliases cannot be pinned)', example: 'latest' },
  Windows2025: { describe: 'latest (Windows aliases cannot be pinned)', example: 'latest' },
  Custom: { describe: 'no alias (Custom has no alias)', example: 'latest' },
};

/** The alias family written for `amiFamily` (`AL2023` → `al2023`); undefined for Custom. */
export function aliasFamilyOf(amiFamily: AmiFamily): string | undefined {
  return Object.entries(ALIAS_FAMILIES).find(([, f]) => f === amiFamily)?.[0];
}

/** A pinned alias of the right shape for `amiFamily`, for hints and examples (`bottlerocket@v1.39.1`). */
export function exampleAlias(amiFamily: AmiFamily): string | undefined {
  const family = aliasFamilyOf(amiFamily);
  return family === undefined ? undefined : `${family}@${ALIAS_VERSION_FORMATS[amiFamily].example}`;
}

/**
 * What is wrong with the version of a parsed alias of a known family, if anything
 * (`latest` is judged by the caller: it is a policy question, not a format one).
 */
export function aliasVersionProblem(parsed: ParsedAlias): { message: string; fix: string } | undefined {
  if (parsed.amiFamily === undefined || parsed.version === 'latest') return undefined;
  const format = ALIAS_VERSION_FORMATS[parsed.amiFamily];
  if (format.pattern === undefined) {
    return {
      message: `Windows AMI aliases cannot be pinned ('${parsed.family}@${parsed.version}')`,
      fix: `Karpenter accepts only ${parsed.family}@latest; set allowLatestAmi: true, or pin with amiSelectorTerms by id`,
    };
  }
  if (format.pattern.test(parsed.version)) return undefined;
  return {
    message: `'${parsed.version}' is not a ${parsed.amiFamily} release: ${parsed.family} versions are ${format.describe}`,
    fix: `Write e.g. ${parsed.family}@${format.example}`,
  };
}
