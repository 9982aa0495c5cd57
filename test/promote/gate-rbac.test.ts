/** The gate's read-only ClusterRole, as generated, printed and documented. */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { gateClusterRole, gateRbacYaml } from '../../promote/gate-rbac';
import { main } from './promote-cli';

describe('gate RBAC', () => {
  it('generates a read-only ClusterRole for exactly the resources it reads', async () => {
    expect(gateClusterRole()).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: {
        name: 'karpenter-gitops-promote-gate',
        labels: { 'app.kubernetes.io/managed-by': 'karpenter-gitops' },
      },
      rules: [
        { apiGroups: ['argoproj.io'], resources: ['applications'], verbs: ['get', 'list', 'watch'] },
        {
          apiGroups: ['karpenter.sh'],
          resources: ['nodepools', 'nodeclaims'],
          verbs: ['get', 'list', 'watch'],
        },
        { apiGroups: ['karpenter.k8s.aws'], resources: ['ec2nodeclasses'], verbs: ['get', 'list', 'watch'] },
      ],
    });
    expect(parse(gateRbacYaml())).toEqual(gateClusterRole());
    // docs/argocd.md shows the same ClusterRole.
    const docs = fs.readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'argocd.md'), 'utf8');
    const shown = /prints the\nClusterRole it needs:\n\n```yaml\n([\s\S]*?)```/.exec(docs);
    expect(parse(shown?.[1] ?? '')).toEqual(gateClusterRole());
    const out: string[] = [];
    expect(await main(['--print-rbac'], '.', { out: (l) => out.push(l), err: () => undefined })).toBe(0);
    expect(out.join('\n')).toBe(gateRbacYaml().trimEnd());
  });
});
