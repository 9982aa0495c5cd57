import { parse } from 'yaml';
import {
  buildFleetDescription,
  fleetHeader,
  kubernetesVersionForAliases,
  renderFleetDescription,
} from '../../convert/fleet-description';
import { NodeClassDraft, NodePoolDraft } from '../../convert/drafts';
import { contextFor } from './convert-helpers';

const { ctx } = contextFor('kind: NodePool\nmetadata: { name: p }\n');
const cls: NodeClassDraft = {
  name: 'c',
  ctx,
  tags: { z: 'on', a: '0x1F' },
  role: 'r',
  alias: 'al2023@v20260714',
  userData: 'line 1\nline 2\n',
};
const poolDraft: NodePoolDraft = {
  name: 'p',
  ctx,
  nodeClass: 'c',
  nodeClassPath: [],
  requirements: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }],
  labels: { b: '2', a: 'yes' },
  annotations: {},
  taints: [],
  startupTaints: [],
  limits: {},
  disruption: {},
  weight: 5,
};

test('keys in the documented order, maps sorted, empty parts left out', () => {
  const d = buildFleetDescription({ name: 'ticketing', region: 'eu-west-1' }, [cls], [poolDraft]);
  expect(d).toEqual({
    name: 'ticketing',
    aws: { region: 'eu-west-1' },
    nodeClasses: {
      c: { alias: 'al2023@v20260714', role: 'r', userData: 'line 1\nline 2\n', tags: { a: '0x1F', z: 'on' } },
    },
    nodePools: { p: { nodeClass: 'c', architectures: ['arm64'], labels: { a: 'yes', b: '2' }, weight: 5 } },
  });
  expect(Object.keys((d.nodeClasses as Record<string, object>).c)).toEqual([
    'alias',
    'role',
    'userData',
    'tags',
  ]);
});

test('rendered YAML quotes ambiguous strings and reads back as the same data', () => {
  const header = { sources: ['a.yaml'], cluster: { name: 'ticketing' }, pinnedAliases: ['c'], warnings: 2 };
  const text = renderFleetDescription(
    buildFleetDescription({ name: 'ticketing' }, [cls], [poolDraft]),
    header,
  );
  expect(text).toContain('z: "on"');
  expect(text).toContain('a: "yes"');
  expect(text).toContain('userData: |\n');
  const parsed = parse(text);
  expect(parsed.nodeClasses.c.tags).toEqual({ a: '0x1F', z: 'on' });
  expect(parsed.aws).toBeUndefined();
});

test('the header names the sources and what the user must fill in', () => {
  const header = fleetHeader({
    sources: ['m/a.yaml', 'm/b.yaml'],
    cluster: { name: 'x', region: 'eu-west-1' },
    pinnedAliases: ['c'],
    warnings: 3,
  });
  expect(header.split('\n')).toEqual([
    '# Converted by `karpenter-gitops convert` from existing Karpenter manifests:',
    '#   m/a.yaml',
    '#   m/b.yaml',
    '#',
    '# BEFORE COMMITTING, fill in or check:',
    '#   aws.accountId  - REQUIRED: add it (quoted, 12 digits) or rerun with --account',
    '#   gitops.destination - REQUIRED: the cluster as registered in Argo CD; add it or rerun with --destination',
    '#   gitops.repoURL - required: set it once in clusters/_defaults.yaml, or rerun with --repo-url',
    '#   nodeClasses.c.alias - pinned to an example version: choose the AMI version you run',
    '#   the conversion report (3 warning(s)) - every renamed, moved or dropped field and why',
    '',
  ]);
});

describe('kubernetesVersionForAliases', () => {
  const draft = (alias: string): NodeClassDraft => ({ ...cls, name: alias, alias });
  it('is the last version with AL2 AMIs when a class has an AL2 alias, else none', () => {
    expect(kubernetesVersionForAliases([draft('al2@v20240807'), draft('al2023@v20260714')])).toBe('1.32');
    expect(
      kubernetesVersionForAliases([draft('al2023@v20260714'), draft('bottlerocket@v1.39.1')]),
    ).toBeUndefined();
    expect(kubernetesVersionForAliases([])).toBeUndefined();
  });
  it('is the first version with windows2025 AMIs when the default is older; none when no version fits all', () => {
    expect(kubernetesVersionForAliases([draft('windows2025@latest')])).toBe('1.35');
    expect(
      kubernetesVersionForAliases([draft('windows2025@latest'), draft('al2@v20240807')]),
    ).toBeUndefined();
  });
});
