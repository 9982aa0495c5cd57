/** Annotations on the generated NodePool / EC2NodeClass objects themselves. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../support/fleet-files';

const CLASS = 'nodeClasses:\n  c:\n    alias: al2023@v20260714\n';

describe('object annotations', () => {
  it('are kept on the pool and the class, apart from the template annotations', () => {
    const { cluster } = loadCluster(
      `${MINIMAL}${CLASS}    metadata: { annotations: { kubernetes.io/description: class } }
nodePools:
  p:
    nodeClass: c
    metadata: { annotations: { kubernetes.io/description: pool } }
    annotations: { example.com/on-nodes: "yes" }
`,
    );
    expect(cluster.nodeClasses[0].objectAnnotations).toEqual({ 'kubernetes.io/description': 'class' });
    expect(cluster.nodePools[0].objectAnnotations).toEqual({ 'kubernetes.io/description': 'pool' });
    expect(cluster.nodePools[0].annotations).toEqual({ 'example.com/on-nodes': 'yes' });
  });

  it('refuse malformed keys and the tool’s own keys', () => {
    expect(
      errorsOfCluster(
        `${MINIMAL}${CLASS}nodePools:
  p:
    nodeClass: c
    metadata:
      annotations:
        "bad key": x
        argocd.argoproj.io/sync-options: Prune=false
`,
      ),
    ).toEqual([
      "clusters/demo.yaml:15:9 nodePools.p.metadata.annotations.bad key: 'bad key' is not a valid annotation key: the name must be 1-63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit. Use a valid annotation key.",
      "clusters/demo.yaml:16:9 nodePools.p.metadata.annotations.argocd.argoproj.io/sync-options: annotation 'argocd.argoproj.io/sync-options' is set by the tool (Argo CD sync order and options). Remove it: the tool orders node classes before node pools itself.",
    ]);
  });
});

describe('object labels', () => {
  it('are kept on the pool and the class, apart from the labels that go to the nodes', () => {
    const { cluster } = loadCluster(
      `${MINIMAL}${CLASS}    metadata: { labels: { example.com/team: data } }
nodePools:
  p:
    nodeClass: c
    metadata: { labels: { example.com/team: data, app.kubernetes.io/part-of: batch } }
    labels: { example.com/on-nodes: "yes" }
`,
    );
    expect(cluster.nodeClasses[0].objectLabels).toEqual({ 'example.com/team': 'data' });
    expect(cluster.nodePools[0].objectLabels).toEqual({
      'app.kubernetes.io/part-of': 'batch',
      'example.com/team': 'data',
    });
    expect(cluster.nodePools[0].labels).toEqual({ 'example.com/on-nodes': 'yes' });
  });

  it('refuse malformed keys and values, and the tool’s managed-by label, all at once', () => {
    expect(
      errorsOfCluster(
        `${MINIMAL}${CLASS}nodePools:
  p:
    nodeClass: c
    metadata:
      labels:
        "bad key": x
        app.kubernetes.io/managed-by: me
        example.com/team: "not a value!"
`,
      ),
    ).toEqual([
      "clusters/demo.yaml:15:9 nodePools.p.metadata.labels.bad key: 'bad key' is not a valid label key: the name must be 1-63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit. Use a valid label key (prefix/name, name at most 63 characters).",
      "clusters/demo.yaml:16:9 nodePools.p.metadata.labels.app.kubernetes.io/managed-by: label 'app.kubernetes.io/managed-by' is set by the tool (it marks the objects it manages). Remove it; use a label of your own.",
      "clusters/demo.yaml:17:27 nodePools.p.metadata.labels.example.com/team: 'not a value!' is not a valid label value: at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit. Use a valid label value (at most 63 characters).",
    ]);
  });
});
