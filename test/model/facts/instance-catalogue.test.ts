import { LABELS } from '../../../model/facts/constants';
import { catalogueValue, instanceCatalogue, isCatalogueLabel } from '../../../model/facts/instance-catalogue';

describe('instance catalogue', () => {
  const catalogue = instanceCatalogue();

  it('holds every type of the reference and of the VPC-limits table, each once', () => {
    expect(catalogue.karpenterVersion).toBe('1.14.1');
    // 1,336 types of the reference + 51 Karpenter knows by name only (e.g. c7g-flex, mac).
    expect(catalogue.types).toHaveLength(1387);
    expect(new Set(catalogue.types.map((t) => t.name)).size).toBe(1387);
    expect(catalogue.types.map((t) => t.name)).toEqual(
      expect.arrayContaining(['c7g-flex.large', 'hpc7g.16xlarge']),
    );
  });

  it('gives each type the labels Karpenter gives it', () => {
    const m5 = catalogue.types.find((t) => t.name === 'm5.large');
    expect(m5).toEqual({ name: 'm5.large', family: 'm5', size: 'large', category: 'm', generation: '5' });
    const mac = catalogue.types.find((t) => t.name === 'mac-m4.metal');
    expect(mac?.category).toBeUndefined();
    expect(catalogueValue(m5!, LABELS.instanceFamily)).toBe('m5');
    expect(catalogueValue(mac!, LABELS.instanceGeneration)).toBeUndefined();
  });

  it('lists the known values of each label, sorted', () => {
    expect(catalogue.values[LABELS.instanceCategory]).toContain('c');
    expect(catalogue.values[LABELS.instanceCategory]).not.toContain('mac-m4');
    expect(catalogue.values[LABELS.instanceSize]).toEqual(
      expect.arrayContaining(['large', 'metal', 'medium']),
    );
    const families = catalogue.values[LABELS.instanceFamily];
    expect([...families].sort()).toEqual(families);
    expect(families).toContain('t4g');
  });

  it('answers for the five instance labels only', () => {
    expect(isCatalogueLabel(LABELS.instanceType)).toBe(true);
    expect(isCatalogueLabel(LABELS.instanceGeneration)).toBe(true);
    expect(isCatalogueLabel(LABELS.zone)).toBe(false);
    expect(isCatalogueLabel('toString')).toBe(false);
  });
});
