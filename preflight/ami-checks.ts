/**
 * Every pinned AMI alias resolves: one of the SSM parameters Karpenter reads exists in the region;
 * then the volumes of the class hold that AMI's snapshots (preflight/ami-volume-checks.ts).
 */
import { awsSdk } from '../io/aws-sdk';
import { parseAlias, ClusterModel } from '../model';
import { awsCall } from './aws-call';
import { PreflightClients } from './aws-clients';
import { amiAliasParameters, amiVersionsPath } from './ami-parameters';
import { checkAmiVolumeSizes } from './ami-volume-checks';
import { CheckResult, fail, pass, skip } from './check-result';

export async function checkAmiAliases(
  clients: PreflightClients,
  cluster: ClusterModel,
  k8sVersion: string,
): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  for (const nc of cluster.nodeClasses) {
    const aliases = nc.amiSelectorTerms.flatMap((t) => (t.alias !== undefined ? [t.alias] : []));
    const subject = `node class ${nc.name}`;
    if (aliases.length === 0) {
      out.push(skip('ami-alias', subject, 'selects AMIs without an alias'));
      continue;
    }
    for (const alias of aliases) {
      const parsed = parseAlias(alias);
      const paths = parsed !== undefined ? amiAliasParameters(parsed, k8sVersion) : undefined;
      if (parsed === undefined || paths === undefined) {
        out.push(
          skip(
            'ami-alias',
            `${subject} alias ${alias}`,
            'not an alias family Karpenter resolves through SSM',
          ),
        );
        continue;
      }
      let found: string | undefined;
      let amiId: string | undefined;
      for (const path of paths) {
        const r = await awsCall(
          'SSM',
          'GetParameter',
          () => clients.ssm.send(new (awsSdk.ssm().GetParameterCommand)({ Name: path })),
          ['ParameterNotFound'],
        );
        if (r.ok) {
          found = `${path} = ${r.value.Parameter?.Value ?? '?'}`;
          amiId = r.value.Parameter?.Value;
          break;
        }
      }
      if (found !== undefined) {
        out.push(pass('ami-alias', `${subject} alias ${alias}`, `resolves: ${found}`));
        if (amiId !== undefined) out.push(...(await checkAmiVolumeSizes(clients, nc, amiId)));
      } else {
        out.push(
          fail(
            'ami-alias',
            `${subject} alias ${alias}`,
            `resolves to no AMI for Kubernetes ${k8sVersion} in ${cluster.aws.region} (none of ${paths.join(', ')} exists): no node of this class can launch`,
            `pick a version published for Kubernetes ${k8sVersion} (aws ssm get-parameters-by-path --path ${amiVersionsPath(parsed, k8sVersion)} --recursive --region ${cluster.aws.region} --query 'Parameters[].Name') and set it in amiSelectorTerms`,
            nc.source,
          ),
        );
      }
    }
  }
  return out;
}
