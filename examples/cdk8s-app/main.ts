import { App, Chart } from 'cdk8s';
import { KarpenterCluster } from 'karpenter-gitops';

const app = new App();
const chart = new Chart(app, 'platform');

// One cluster's fleet description, the shape of clusters/<name>.yaml: same defaults, same checks.
new KarpenterCluster(chart, 'shop', {
  aws: { accountId: '111122223333', region: 'eu-west-1' },
  gitops: { repoURL: 'https://github.com/example/platform-gitops.git', destination: { name: 'shop' } },
  nodeClasses: { default: { alias: 'al2023@v20260714' } },
  nodePools: {
    general: {
      nodeClass: 'default',
      capacityTypes: ['spot', 'on-demand'],
      instanceCategories: { in: ['c', 'm', 'r'], minValues: 2 },
      limits: { cpu: '200', memory: '800Gi' },
    },
  },
});

app.synth();
