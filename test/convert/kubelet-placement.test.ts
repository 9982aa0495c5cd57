import { NodeClassDraft, NodePoolDraft } from '../../convert/drafts';
import { placeKubelet } from '../../convert/kubelet-placement';
import { contextFor } from './convert-helpers';

function setup(
  pools: { name: string; kubelet?: { maxPods?: number } | null }[],
  classKubelet?: { maxPods: number },
) {
  const c = contextFor('kind: X\nmetadata: { name: x }\n');
  const cls: NodeClassDraft = { name: 'shared', ctx: c.ctx, role: 'r' };
  if (classKubelet) cls.kubelet = classKubelet;
  const classes = new Map([['shared', cls]]);
  const drafts: NodePoolDraft[] = pools.map((p) => ({
    name: p.name,
    ctx: c.ctx,
    nodeClass: 'shared',
    nodeClassPath: [],
    requirements: [],
    labels: {},
    annotations: {},
    taints: [],
    startupTaints: [],
    limits: {},
    disruption: {},
    // null: a v1 pool (no pool kubelet at all); undefined: a legacy pool without kubelet
    poolKubelet: p.kubelet === null ? undefined : { value: p.kubelet, path: ['spec'] },
  }));
  return { classes, drafts, log: c.log };
}

test('pools that agree: the settings move to the shared class', () => {
  const { classes, drafts, log } = setup([
    { name: 'a', kubelet: { maxPods: 20 } },
    { name: 'b', kubelet: { maxPods: 20 } },
  ]);
  placeKubelet(drafts, classes);
  expect([...classes.keys()]).toEqual(['shared']);
  expect(classes.get('shared')!.kubelet).toEqual({ maxPods: 20 });
  expect(log.entries.map((e) => e.action)).toEqual(['moved', 'moved']);
});

test('a legacy pool without kubelet and one with: split (the first keeps kubelet defaults)', () => {
  const { classes, drafts } = setup([{ name: 'a' }, { name: 'b', kubelet: { maxPods: 20 } }]);
  placeKubelet(drafts, classes);
  expect([...classes.keys()].sort()).toEqual(['shared-a', 'shared-b']);
  expect(classes.get('shared-a')!.kubelet).toBeUndefined();
  expect(classes.get('shared-b')!).toMatchObject({ role: 'r', kubelet: { maxPods: 20 } });
  expect(drafts.map((d) => d.nodeClass)).toEqual(['shared-a', 'shared-b']);
});

test('a v1 pool uses the class kubelet; a legacy pool that disagrees forces a split', () => {
  const { classes, drafts } = setup(
    [
      { name: 'v1pool', kubelet: null },
      { name: 'old', kubelet: { maxPods: 20 } },
    ],
    { maxPods: 110 },
  );
  placeKubelet(drafts, classes);
  expect(classes.get('shared-v1pool')!.kubelet).toEqual({ maxPods: 110 });
  expect(classes.get('shared-old')!.kubelet).toEqual({ maxPods: 20 });
});

test('a variant name that already exists is an error', () => {
  const { classes, drafts, log } = setup([
    { name: 'a', kubelet: { maxPods: 1 } },
    { name: 'b', kubelet: { maxPods: 2 } },
  ]);
  classes.set('shared-a', { ...classes.get('shared')!, name: 'shared-a' });
  placeKubelet(drafts, classes);
  expect(log.diagnostics[0].message).toContain('but shared-a already exists');
});
