import { TARGET_DIRS } from '../../../policies/targets/target-dirs';
import { FILE_TARGETS } from '../../../policies/targets/targets';
import { distCluster } from '../../../validation/dist-cluster';

describe("the AWS-side targets' folders", () => {
  it('name exactly the file targets of the table, each with the folder it writes', () => {
    expect(TARGET_DIRS).toEqual({ cloudformation: 'cloudformation', terraform: 'terraform', ack: 'ack' });
    expect(Object.fromEntries(FILE_TARGETS.map((t) => [t.name, t.dir]))).toEqual(TARGET_DIRS);
  });

  it("are the cluster folders validation groups a dist/ by, with the Kubernetes side's", () => {
    for (const t of FILE_TARGETS)
      expect(distCluster(`shop/${t.dir}/${t.file}`)).toEqual({ cluster: 'shop', sub: t.dir });
    expect(distCluster('shop/karpenter/nodepool-general.yaml')).toEqual({
      cluster: 'shop',
      sub: 'karpenter',
    });
    expect(distCluster('shop/pulumi/index.ts')).toBeUndefined();
  });
});
