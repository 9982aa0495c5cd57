/**
 * AMI selection across generations. v1alpha5/v1beta1 picked the latest EKS-optimized AMI
 * of `amiFamily` when no selector was given; v1 needs `amiSelectorTerms`, and the fleet
 * format wants a pinned alias (`family@version`). The converter pins a version Karpenter's
 * own documentation uses and warns that the user must choose the version they run.
 */
import {
  ALIAS_VERSION_FORMATS,
  parseAlias,
  AMI_FAMILIES,
  AmiFamily,
  FLEET_DEFAULTS,
  newestAl2023Release,
} from '../model';
import { DocumentContext } from './document-context';
import { AmiTermDraft, NodeClassDraft } from './drafts';
import { FieldPath } from './manifest-documents';
import { ApiGeneration } from './api-generations';

/** Alias family names (the part before `@`) of each AMI family that has an alias. */
export const ALIAS_FAMILIES: Readonly<Partial<Record<AmiFamily, string>>> = {
  AL2: 'al2',
  AL2023: 'al2023',
  Bottlerocket: 'bottlerocket',
  Windows2019: 'windows2019',
  Windows2022: 'windows2022',
  Windows2025: 'windows2025',
};

/**
 * Versions the converter pins when the input followed the latest AMI: a starting point the user
 * must replace with the version they have tested. AL2023: the newest release in the tool's data
 * that published AMIs for the default Kubernetes version (model/facts/al2023-release-coverage.ts;
 * it covers 1.30–1.36, so also the versions the converter picks for AL2 or windows2025 classes).
 * AL2 and Bottlerocket: example aliases of Karpenter's v1.0 documentation (concepts/nodeclasses.md).
 * Windows aliases cannot be pinned (Karpenter supports only `@latest` for them).
 */
export const DOCUMENTED_ALIAS_VERSIONS: Readonly<Partial<Record<AmiFamily, string>>> = {
  AL2: 'v20240807',
  AL2023: newestAl2023Release(FLEET_DEFAULTS.kubernetesVersion) ?? ALIAS_VERSION_FORMATS.AL2023.example,
  Bottlerocket: 'v1.20.4',
};

type AmiChoice = Pick<
  NodeClassDraft,
  'alias' | 'aliasPinnedByConverter' | 'allowLatestAmi' | 'amiFamily' | 'amiSelectorTerms'
>;

export interface AmiInput {
  readonly generation: ApiGeneration;
  /** `amiFamily` as written. @default AL2 for v1alpha5/v1beta1 (their default); none for v1 */
  readonly family?: string;
  readonly familyPath: FieldPath;
  /** AMI selector terms as written or converted. @default none: the family's alias is used */
  readonly terms?: AmiTermDraft[];
  readonly termsPath: FieldPath;
  /** `nodeClasses.<name>`. */
  readonly target: string;
}

export function chooseAmi(ctx: DocumentContext, input: AmiInput): AmiChoice | undefined {
  const { family, terms, target } = input;
  if (input.generation === 'v1') return chooseV1(ctx, input);

  let fam = family;
  if (fam === undefined) {
    fam = 'AL2';
    ctx.report(
      'info',
      'defaulted',
      input.familyPath,
      `${target}.amiFamily`,
      'amiFamily AL2 was assumed',
      'Before v1beta1 an absent amiFamily meant AL2; v1 needs it explicit (or an alias)',
    );
  }
  if (fam === 'Ubuntu') {
    if (terms && terms.length > 0) {
      ctx.report(
        'warning',
        'converted',
        input.familyPath,
        `${target}.amiFamily`,
        'amiFamily Ubuntu became AL2 (the AMI selector terms are kept)',
        "Karpenter v1 dropped Ubuntu; AL2 has the same UserData format (Karpenter's v1 migration guide). If that stops working, switch to Custom and own the UserData",
      );
      return { amiFamily: 'AL2', amiSelectorTerms: terms };
    }
    ctx.error(
      input.familyPath,
      'amiFamily Ubuntu without an AMI selector cannot be converted: Karpenter v1 no longer finds Ubuntu AMIs',
      'Add amiSelector (v1alpha5) or amiSelectorTerms (v1beta1) naming your Ubuntu AMI and convert again',
    );
    return undefined;
  }
  if (!(AMI_FAMILIES as readonly string[]).includes(fam)) {
    ctx.error(
      input.familyPath,
      `'${fam}' is not an AMI family the fleet format supports`,
      `Use one of ${AMI_FAMILIES.join(', ')}`,
    );
    return undefined;
  }
  const amiFamily = fam as AmiFamily;
  if (terms && terms.length > 0) {
    const alias = aliasFromNames(terms, amiFamily);
    if (alias) {
      ctx.report(
        'warning',
        'converted',
        input.termsPath,
        `${target}.alias`,
        `the EKS-optimized AMI name(s) became alias ${alias}`,
        "The alias selects the same release for every architecture and variant and follows the cluster's Kubernetes version; check the version is the one you want",
      );
      return { alias };
    }
    return { amiFamily, amiSelectorTerms: terms };
  }
  const aliasFamily = ALIAS_FAMILIES[amiFamily];
  if (!aliasFamily) {
    ctx.error(
      input.familyPath,
      `amiFamily ${amiFamily} without an AMI selector cannot be converted: nothing says which AMI to use`,
      'Add amiSelector (v1alpha5) or amiSelectorTerms (v1beta1) naming your AMI and convert again',
    );
    return undefined;
  }
  const version = DOCUMENTED_ALIAS_VERSIONS[amiFamily];
  if (!version) {
    const alias = `${aliasFamily}@latest`;
    ctx.report(
      'warning',
      'converted',
      input.familyPath,
      `${target}.alias`,
      `amiFamily ${amiFamily} became alias ${alias} with allowLatestAmi: true`,
      'Karpenter cannot pin Windows aliases; nodes are replaced whenever a new Windows AMI is released. Use amiSelectorTerms with an AMI ID to control updates',
    );
    return { alias, allowLatestAmi: true };
  }
  const alias = `${aliasFamily}@${version}`;
  const al2Note =
    amiFamily === 'AL2'
      ? '. AWS publishes no EKS-optimized AL2 AMIs for Kubernetes 1.33 and later: plan the move to AL2023 or Bottlerocket'
      : '';
  ctx.report(
    'warning',
    'converted',
    input.familyPath,
    `${target}.alias`,
    `amiFamily ${amiFamily} became alias ${alias}, a version Karpenter's documentation uses as an example`,
    `The old class followed the latest ${amiFamily} AMI; v1 pins a version. CHOOSE THE VERSION you run today (aws ssm get-parameters-by-path, see docs/migration.md) before syncing, or nodes will be replaced with this AMI${al2Note}`,
  );
  return { alias, aliasPinnedByConverter: true };
}

function chooseV1(ctx: DocumentContext, input: AmiInput): AmiChoice | undefined {
  const { family, terms, target } = input;
  let amiFamily: AmiFamily | undefined;
  if (family !== undefined) {
    if ((AMI_FAMILIES as readonly string[]).includes(family)) amiFamily = family as AmiFamily;
    else {
      ctx.error(
        input.familyPath,
        `'${family}' is not an AMI family the fleet format supports`,
        `Use one of ${AMI_FAMILIES.join(', ')}`,
      );
      return undefined;
    }
  }
  if (!terms || terms.length === 0) {
    ctx.error(
      input.termsPath,
      'is required in Karpenter v1',
      `Add amiSelectorTerms, e.g. [{ alias: al2023@${ALIAS_VERSION_FORMATS.AL2023.example} }]`,
    );
    return undefined;
  }
  const only = terms[0];
  if (terms.length === 1 && only.alias !== undefined && Object.keys(only).length === 1) {
    const choice: AmiChoice = { alias: only.alias };
    if (amiFamily !== undefined) choice.amiFamily = amiFamily;
    if (only.alias.endsWith('@latest')) {
      choice.allowLatestAmi = true;
      const parsed = parseAlias(only.alias);
      const pin =
        parsed?.amiFamily === undefined
          ? 'Pin a version when you can'
          : ALIAS_VERSION_FORMATS[parsed.amiFamily].pattern === undefined
            ? 'Windows aliases cannot be pinned: pin with amiSelectorTerms by AMI id when you can'
            : `Pin a version (${parsed.family}@${ALIAS_VERSION_FORMATS[parsed.amiFamily].example}: ${ALIAS_VERSION_FORMATS[parsed.amiFamily].describe}) when you can`;
      ctx.report(
        'warning',
        'converted',
        [...input.termsPath, 0, 'alias'],
        `${target}.allowLatestAmi`,
        `alias ${only.alias} kept with allowLatestAmi: true`,
        `The fleet format refuses @latest unless allowed explicitly: every AMI release replaces all nodes. ${pin}`,
      );
    }
    return choice;
  }
  const choice: AmiChoice = { amiSelectorTerms: terms };
  if (amiFamily !== undefined) choice.amiFamily = amiFamily;
  return choice;
}

const EKS_AMI_NAMES: readonly { readonly family: AmiFamily; readonly pattern: RegExp }[] = [
  { family: 'AL2', pattern: /^amazon-eks-(?:gpu-|arm64-)?node-\d+\.\d+-(v\d{8})$/ },
  {
    family: 'AL2023',
    pattern: /^amazon-eks-node-al2023-(?:x86_64|arm64)-(?:standard|nvidia|neuron)-\d+\.\d+-(v\d{8})$/,
  },
  {
    family: 'Bottlerocket',
    pattern: /^bottlerocket-aws-k8s-\d+\.\d+(?:-nvidia)?-(?:x86_64|aarch64)-(v\d+\.\d+\.\d+)-[0-9a-f]+$/,
  },
];

/** When every term names an EKS-optimized AMI of one release of `family`, that release's alias. */
function aliasFromNames(terms: readonly AmiTermDraft[], family: AmiFamily): string | undefined {
  let version: string | undefined;
  for (const term of terms) {
    const keys = Object.keys(term).filter((k) => !(k === 'owner' && term.owner === 'amazon'));
    if (keys.length !== 1 || term.name === undefined) return undefined;
    const known = EKS_AMI_NAMES.find((n) => n.family === family && n.pattern.test(term.name!));
    if (!known) return undefined;
    const v = known.pattern.exec(term.name)![1];
    if (version !== undefined && v !== version) return undefined;
    version = v;
  }
  const aliasFamily = ALIAS_FAMILIES[family];
  return version && aliasFamily ? `${aliasFamily}@${version}` : undefined;
}
