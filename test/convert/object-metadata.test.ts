import { reportObjectExtras } from '../../convert/object-metadata';
import { contextFor } from './convert-helpers';

test('server metadata, tool annotations, user metadata and status are each reported', () => {
  const { ctx, log } = contextFor(`apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: p
  namespace: default
  uid: abc
  labels: { team: a }
  annotations:
    argocd.argoproj.io/sync-wave: "1"
    compatibility.karpenter.sh/v1beta1-kubelet-conversion: "{}"
spec: {}
status: {}
extra: 1
`);
  reportObjectExtras(ctx, 'nodePools.p');
  expect(log.entries.map((e) => [e.level, e.source, e.message])).toEqual([
    ['info', 'NodePool/p metadata.namespace', 'namespace left out'],
    ['info', 'NodePool/p metadata.uid', 'uid left out'],
    ['warning', 'NodePool/p metadata.labels.team', 'label team on the NodePool object itself was left out'],
    [
      'info',
      'NodePool/p metadata.annotations.argocd.argoproj.io/sync-wave',
      'argocd.argoproj.io/sync-wave left out',
    ],
    ['info', 'NodePool/p status', 'status left out'],
    ['warning', 'NodePool/p extra', "'extra' was left out"],
  ]);
});

test('a missing name is an error', () => {
  const { ctx, log } = contextFor('apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: {}\n');
  reportObjectExtras(ctx, 'nodePools.');
  expect(log.diagnostics[0]).toMatchObject({ line: 3, message: 'has no name' });
});
