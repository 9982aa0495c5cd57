/**
 * Command-line arguments of `karpenter-gitops convert`: the options it declares (parsed by
 * the command frame, io/command.ts) and the checks of their values. Pure: problems come back
 * as a usage sentence (exit code 2), never as an exception.
 */
import { OptionValues } from '../io/command';

export interface ConvertArgs {
  readonly files: readonly string[];
  /** @default inferred from the node classes' discovery tag */
  readonly cluster?: string;
  /** @default left out of the output */
  readonly accountId?: string;
  /** @default left out of the output */
  readonly region?: string;
  /** Argo CD destination: a cluster name as registered in Argo CD, or its API server URL. @default left out (REQUIRED in the header) */
  readonly destination?: string;
  /** Git repository Argo CD reads dist/ from. @default left out (usually in clusters/_defaults.yaml) */
  readonly repoURL?: string;
  /** `gitops.ring`: a rollout ring of the target fleet. @default left out */
  readonly ring?: string;
  /** Write `clusters/<cluster>.yaml`. */
  readonly write: boolean;
  /**
   * Write to this file.
   * @default stdout
   */
  readonly out?: string;
  /** Overwrite an existing output file. */
  readonly force: boolean;
  /**
   * Write the report to this file.
   * @default stderr
   */
  readonly report?: string;
}

/** `convert`'s options, as the command frame (io/command.ts) parses them. */
export const CONVERT_OPTIONS = {
  cluster: {
    type: 'string',
    value: 'NAME',
    description: 'cluster name',
    defaultText: 'the karpenter.sh/discovery tag the classes select',
  },
  account: { type: 'string', value: 'ID', description: 'AWS account ID (12 digits) for aws.accountId' },
  region: { type: 'string', value: 'REGION', description: 'AWS region for aws.region' },
  destination: {
    type: 'string',
    value: 'NAME|URL',
    description: "Argo CD destination: the cluster's name as registered in Argo CD, or its API server URL",
  },
  'repo-url': {
    type: 'string',
    value: 'URL',
    description:
      'Git repository Argo CD reads dist/ from (leave it out when clusters/_defaults.yaml sets it)',
  },
  ring: {
    type: 'string',
    value: 'NAME',
    description: 'rollout ring for gitops.ring (required when the target fleet has rings)',
  },
  write: {
    type: 'boolean',
    description: 'write clusters/<cluster>.yaml (refuses to overwrite without --force)',
  },
  out: {
    type: 'string',
    value: 'FILE',
    description: 'write the fleet description to FILE (refuses to overwrite without --force)',
    defaultText: 'stdout',
  },
  force: { type: 'boolean', description: 'overwrite an existing output file' },
  to: {
    type: 'string',
    value: 'MODE',
    choices: ['eks-auto-mode'],
    description:
      "turn a self-managed cluster's fleet file (the one FILE) into its EKS Auto Mode description; names each field that cannot carry over",
  },
  report: {
    type: 'string',
    value: 'FILE',
    description: 'write the conversion report to FILE',
    defaultText: 'stderr',
  },
} as const;

export const CONVERT_DESCRIPTION = `Reads existing Karpenter manifests (v1alpha5 Provisioner + AWSNodeTemplate, v1beta1 or v1
NodePool + EC2NodeClass, also 'kubectl get -o yaml' Lists) and writes one cluster's fleet
description. A directory means every .yaml/.yml file in it.

The output is checked by running synth on the target fleet with it added (clusters/, or the
folder --out writes into when it has a _defaults.yaml).`;

export type ParseResult =
  { readonly ok: true; readonly args: ConvertArgs } | { readonly ok: false; readonly usage: string };

/** Checks the parsed options' values; a usage error sentence when one is unusable. */
export function convertArgsFrom(
  values: OptionValues<typeof CONVERT_OPTIONS>,
  files: readonly string[],
): ParseResult {
  const { write, force } = values;
  if (files.length === 0) return { ok: false, usage: 'give at least one manifest file or directory' };
  if (write && values.out !== undefined)
    return { ok: false, usage: '--write and --out cannot be used together' };
  if (force && !write && values.out === undefined)
    return { ok: false, usage: '--force only makes sense with --write or --out' };
  const cluster = values.cluster;
  if (
    cluster !== undefined &&
    (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(cluster) || cluster.length > 63 || cluster === 'fleet')
  ) {
    return {
      ok: false,
      usage: `--cluster '${cluster}' is not a valid cluster name: use lowercase letters, digits and '-', at most 63 characters, not 'fleet'`,
    };
  }
  const account = values.account;
  if (account !== undefined && !/^[0-9]{12}$/.test(account)) {
    return {
      ok: false,
      usage: `--account '${account}' is not an AWS account ID: use the 12 digits, e.g. 111122223333`,
    };
  }
  const region = values.region;
  if (region !== undefined && !/^[a-z]{2}(-[a-z]+)+-[0-9]+$/.test(region)) {
    return { ok: false, usage: `--region '${region}' is not an AWS region name such as eu-west-1` };
  }
  const destination = values.destination;
  if (destination !== undefined && /\s/.test(destination)) {
    return {
      ok: false,
      usage: `--destination '${destination}' has white space: give the cluster's name as registered in Argo CD, or its API server URL`,
    };
  }
  const repoURL = values['repo-url'];
  if (repoURL !== undefined && !/^(https:\/\/|ssh:\/\/|git@)\S+$/.test(repoURL)) {
    return {
      ok: false,
      usage: `--repo-url '${repoURL}' is not a Git repository URL: use https://..., ssh://... or git@host:path`,
    };
  }
  return {
    ok: true,
    args: {
      files,
      cluster,
      accountId: account,
      region,
      destination,
      repoURL,
      ring: values.ring,
      write,
      out: values.out,
      force,
      report: values.report,
    },
  };
}
