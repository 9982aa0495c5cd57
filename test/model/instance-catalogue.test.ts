import { LABELS } from '../../model/constants';
import { catalogueValue, instanceCatalogue, isCatalogueLabel } from '../../model/instance-catalogue';
import { INSTANCE_TYPE_COUNT } from '../../imports/karpenter-instance-types-v1.14.1/instance-types';

describe('instance catalogue', () => {
  const catalogue = instanceCatalogue();

  it('holds every type of the generated table, each once', () => {
    expect(catalogue.karpenterVersion).toBe('1.14.1');
    expect(catalogue.types).toHaveLength(INSTANCE_TYPE_COUNT);
    expect(new Set(catalogue.types.map((t) => t.name)).size).toBe(INSTANCE_TYPE_COUNT);
    expect(INSTANCE_TYPE_COUNT).toBe(1346);
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
