import {
  parseKubeletJson,
  readBlockDeviceMappings,
  readBudgets,
  readKubelet,
  readMetadataOptions,
  readSelectorTerms,
  readTaints,
} from '../../convert/v1-fields';
import { contextFor } from './convert-helpers';

const spec = (body: string) => contextFor(`kind: EC2NodeClass\nmetadata: { name: c }\nspec:\n${body}`);

test('taints: timeAdded dropped, empty value omitted, bad effect is an error', () => {
  const { ctx, log } = spec(`  t:
    - { key: a, value: "", effect: NoSchedule, timeAdded: "2024-01-01T00:00:00Z" }
    - { key: b, effect: Sometimes }`);
  expect(readTaints(ctx, ['spec', 't'], 'x')).toEqual([{ key: 'a', effect: 'NoSchedule' }]);
  expect(log.entries[0]).toMatchObject({ action: 'dropped', message: 'timeAdded was left out' });
  expect(log.diagnostics[0]).toMatchObject({ line: 6, message: "'Sometimes' is not a taint effect" });
});

test('budgets: nodes defaults to 10%, reasons are checked', () => {
  const { ctx, log } = spec(`  b:
    - { schedule: "@daily", duration: 10m }
    - { nodes: "0", reasons: [Drifted, Expired] }`);
  expect(readBudgets(ctx, ['spec', 'b'])).toEqual([
    { nodes: '10%', schedule: '@daily', duration: '10m' },
    { nodes: '0', reasons: ['Drifted'] },
  ]);
  expect(log.diagnostics[0].message).toBe("'Expired' is not a disruption reason");
});

test('selector terms: name only where allowed', () => {
  const { ctx, log } = spec(`  s:
    - { id: subnet-1 }
    - { name: x, tags: { a: b } }`);
  expect(readSelectorTerms(ctx, ['spec', 's'], true)).toEqual([
    { id: 'subnet-1' },
    { name: 'x', tags: { a: 'b' } },
  ]);
  expect(readSelectorTerms(ctx, ['spec', 's'], false)).toEqual([{ id: 'subnet-1' }, { tags: { a: 'b' } }]);
  expect(log.entries.map((e) => e.source)).toEqual(['EC2NodeClass/c spec.s[1].name']);
});

test('block device mappings: missing encrypted/deleteOnTermination/volumeType reported as the fleet defaults', () => {
  const { ctx, log } = spec(`  bdm:
    - deviceName: /dev/xvda
      ebs: { volumeSize: 50Gi, volumeInitializationRate: 200 }`);
  expect(readBlockDeviceMappings(ctx, ['spec', 'bdm'], 'nodeClasses.c.blockDeviceMappings')).toEqual([
    { deviceName: '/dev/xvda', ebs: { volumeSize: '50Gi', volumeInitializationRate: 200 } },
  ]);
  expect(log.entries.map((e) => [e.action, e.target || e.source])).toEqual([
    ['defaulted', 'nodeClasses.c.blockDeviceMappings[0].ebs.encrypted'],
    ['defaulted', 'nodeClasses.c.blockDeviceMappings[0].ebs.deleteOnTermination'],
    ['defaulted', 'nodeClasses.c.blockDeviceMappings[0].ebs.volumeType'],
  ]);
  const deleted = log.entries.find((e) => e.target.endsWith('deleteOnTermination'));
  expect(deleted).toMatchObject({
    level: 'info',
    message: 'the volume will be deleted with its node (deleteOnTermination: true)',
  });
});

test('metadata options are checked against their values', () => {
  const { ctx, log } = spec('  m: { httpTokens: optional, httpEndpoint: on }');
  expect(readMetadataOptions(ctx, ['spec', 'm'])).toEqual({ httpTokens: 'optional' });
  expect(log.diagnostics[0].message).toBe("'on' is not allowed");
});

test('kubelet: known settings kept, containerRuntime and unknown ones reported', () => {
  const { ctx, log } = spec(`  k:
    maxPods: 20
    clusterDNS: [10.100.0.10]
    kubeReserved: { cpu: 1 }
    cpuCFSQuota: false
    containerRuntime: dockerd
    topologyManagerPolicy: single-numa-node`);
  expect(readKubelet(ctx, ['spec', 'k'])).toEqual({
    maxPods: 20,
    clusterDNS: ['10.100.0.10'],
    kubeReserved: { cpu: '1' },
    cpuCFSQuota: false,
  });
  expect(log.entries.map((e) => [e.level, e.source])).toEqual([
    ['info', 'EC2NodeClass/c spec.k.containerRuntime'],
    ['warning', 'EC2NodeClass/c spec.k.topologyManagerPolicy'],
  ]);
});

test('kubelet from the conversion webhook annotation', () => {
  const { ctx, log } = spec('  a: 1');
  expect(
    parseKubeletJson(ctx, ['spec', 'a'], '{"maxPods":10,"evictionHard":{"memory.available":"5%"},"bogus":1}'),
  ).toEqual({
    maxPods: 10,
    evictionHard: { 'memory.available': '5%' },
  });
  expect(log.entries[0].message).toBe("kubelet setting 'bogus' was left out");
  expect(parseKubeletJson(ctx, ['spec', 'a'], '{nope')).toBeUndefined();
  expect(log.diagnostics[0].message).toBe('is not valid JSON');
});
