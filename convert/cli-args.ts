/**
 * Command-line arguments of `npm run convert`. Parsing is pure: problems come back as a
 * usage message (exit code 2), never as an exception.
 */

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
  readonly help: boolean;
}

export const USAGE = `Usage: npm run convert -- [options] FILE|DIR...

Reads existing Karpenter manifests (v1alpha5 Provisioner + AWSNodeTemplate, v1beta1 or v1
NodePool + EC2NodeClass, also 'kubectl get -o yaml' Lists) and writes one cluster's fleet
description. A directory means every .yaml/.yml file in it.

Options:
  --cluster NAME   cluster name (default: the karpenter.sh/discovery tag the classes select)
  --account ID     AWS account ID (12 digits) for aws.accountId
  --region REGION  AWS region for aws.region
  --destination D  Argo CD destination: the cluster's name as registered in Argo CD, or its
                   API server URL (https://...), for gitops.destination
  --repo-url URL   Git repository Argo CD reads dist/ from, for gitops.repoURL (leave it out
                   when clusters/_defaults.yaml sets it)
  --ring NAME      rollout ring for gitops.ring (required when the target fleet has rings)
  --write          write clusters/<cluster>.yaml (refuses to overwrite without --force)
  --out FILE       write the fleet description to FILE (refuses to overwrite without --force)
  --force          overwrite an existing output file
  --report FILE    write the conversion report to FILE instead of stderr
  -h, --help       show this help

The output is checked by running synth on the target fleet with it added (clusters/, or the
folder --out writes into when it has a _defaults.yaml).

Exit codes: 0 converted and synth accepts it in the target fleet; 1 errors in the input (nothing
written) or synth refuses the output (written or printed all the same, to fix by hand); 2 usage error.`;

export type ParseResult =
  { readonly ok: true; readonly args: ConvertArgs } | { readonly ok: false; readonly usage: string };

const VALUE_FLAGS = [
  '--cluster',
  '--account',
  '--region',
  '--destination',
  '--repo-url',
  '--ring',
  '--out',
  '--report',
] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];

export function parseConvertArgs(argv: readonly string[]): ParseResult {
  const values: Partial<Record<ValueFlag, string>> = {};
  const files: string[] = [];
  let write = false;
  let force = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if ((VALUE_FLAGS as readonly string[]).includes(flag)) {
      const value = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) {
        return { ok: false, usage: `${flag} needs a value` };
      }
      if (values[flag as ValueFlag] !== undefined) return { ok: false, usage: `${flag} given twice` };
      values[flag as ValueFlag] = value;
    } else if (arg === '--write') write = true;
    else if (arg === '--force') force = true;
    else if (arg === '-h' || arg === '--help') help = true;
    else if (arg === '--') continue;
    else if (arg.startsWith('-') && arg !== '-') return { ok: false, usage: `unknown option ${arg}` };
    else files.push(arg);
  }
  if (help) return { ok: true, args: { files, write, force, help } };
  if (files.length === 0) return { ok: false, usage: 'give at least one manifest file or directory' };
  if (write && values['--out'] !== undefined)
    return { ok: false, usage: '--write and --out cannot be used together' };
  if (force && !write && values['--out'] === undefined)
    return { ok: false, usage: '--force only makes sense with --write or --out' };
  const cluster = values['--cluster'];
  if (
    cluster !== undefined &&
    (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(cluster) || cluster.length > 63 || cluster === 'fleet')
  ) {
    return {
      ok: false,
      usage: `--cluster '${cluster}' is not a valid cluster name: use lowercase letters, digits and '-', at most 63 characters, not 'fleet'`,
    };
  }
  const account = values['--account'];
  if (account !== undefined && !/^[0-9]{12}$/.test(account)) {
    return {
      ok: false,
      usage: `--account '${account}' is not an AWS account ID: use the 12 digits, e.g. 111122223333`,
    };
  }
  const region = values['--region'];
  if (region !== undefined && !/^[a-z]{2}(-[a-z]+)+-[0-9]+$/.test(region)) {
    return { ok: false, usage: `--region '${region}' is not an AWS region name such as eu-west-1` };
  }
  const destination = values['--destination'];
  if (destination !== undefined && /\s/.test(destination)) {
    return {
      ok: false,
      usage: `--destination '${destination}' has white space: give the cluster's name as registered in Argo CD, or its API server URL`,
    };
  }
  const repoURL = values['--repo-url'];
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
      ring: values['--ring'],
      write,
      out: values['--out'],
      force,
      report: values['--report'],
      help,
    },
  };
}
