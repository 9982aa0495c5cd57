import { LABELS } from '../../../model/facts/constants';
import { currencyOf, instanceTable, priceRegionFor } from '../../../model/facts/instance-table';

describe('instance table', () => {
  const table = instanceTable();

  it('decodes labels, allocatable resources and prices per type', () => {
    const m5 = table.byName.get('m5.large');
    expect(m5?.labels).toMatchObject({
      [LABELS.instanceType]: 'm5.large',
      [LABELS.instanceFamily]: 'm5',
      [LABELS.instanceCpu]: '2',
      [LABELS.instanceMemory]: '8192',
      [LABELS.arch]: 'amd64',
      [LABELS.instanceHypervisor]: 'nitro',
    });
    expect(m5?.labels[LABELS.instanceGpuCount]).toBeUndefined();
    expect(m5?.allocatable).toMatchObject({ cpu: 1930, pods: 29 });
    expect(m5?.prices['us-east-1']).toBe(0.096);
    const p5 = table.byName.get('p5.48xlarge');
    expect(p5?.labels[LABELS.instanceGpuName]).toBe('h100');
    expect(p5?.allocatable?.['nvidia.com/gpu']).toBe(8);
  });

  it('offers only the reference’s types; names only the VPC-limits table knows are not evaluated', () => {
    expect(table.types).toHaveLength(1336);
    expect(table.byName.get('c7g-flex.large')).toBeUndefined();
    expect(table.byName.get('mac2.metal')).toBeUndefined();
    expect(table.notEvaluated).toHaveLength(51);
    const flex = table.notEvaluated.find((t) => t.name === 'c7g-flex.large');
    expect(flex?.nameLabels).toEqual({
      [LABELS.instanceType]: 'c7g-flex.large',
      [LABELS.instanceFamily]: 'c7g-flex',
      [LABELS.instanceSize]: 'large',
      [LABELS.instanceCategory]: 'c',
      [LABELS.instanceGeneration]: '7',
    });
    expect(table.notEvaluated.map((t) => t.name)).toEqual(
      expect.arrayContaining(['p3.2xlarge', 'f1.2xlarge', 'i3.metal', 'c7i.32xlarge']),
    );
    // Name checks still know them; the values a pool may be offered do not.
    expect(table.knownValues.get(LABELS.instanceFamily)).toContain('c7g-flex');
    expect(table.values.get(LABELS.instanceFamily)).not.toContain('c7g-flex');
  });

  it('keeps "" values of the reference (the hypervisor of metal types)', () => {
    expect(table.byName.get('c5.metal')?.labels[LABELS.instanceHypervisor]).toBe('');
    expect(table.values.get(LABELS.instanceHypervisor)).toEqual(['', 'nitro', 'xen']);
  });

  it('prices China regions in CNY, the others in USD', () => {
    expect(currencyOf('cn-north-1')).toBe('CNY');
    expect(currencyOf('us-east-1')).toBe('USD');
    expect(currencyOf('us-gov-west-1')).toBe('USD');
    expect(table.byName.get('m5.large')?.prices['cn-north-1']).toBe(1.013);
  });

  it('sorts values (numerically for numeric labels) and is loaded once', () => {
    expect(table.numericLabels.has(LABELS.instanceCpu)).toBe(true);
    expect(table.numericLabels.has(LABELS.instanceGpuName)).toBe(false);
    const cpus = table.values.get(LABELS.instanceCpu) ?? [];
    expect(cpus.slice(0, 3)).toEqual(['1', '2', '4']);
    expect(instanceTable()).toBe(table);
  });

  it('prices a cluster with the table of its partition', () => {
    expect(priceRegionFor('eu-west-1')).toBe('us-east-1');
    expect(priceRegionFor('cn-northwest-1')).toBe('cn-north-1');
    expect(priceRegionFor('us-gov-west-1')).toBe('us-gov-west-1');
    expect(priceRegionFor(undefined)).toBe('us-east-1');
  });
});
