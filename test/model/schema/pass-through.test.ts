/**
 * Pass-through of an imported version's fields for every kind (model/schema/pass-through.ts,
 * pass-through-kinds.ts): a 1.99.0 chart built from the 1.14.1 CRDs with a field added to every
 * kind (test/support/chart-fixtures.ts build199AllKindsArchive), imported once; fleets on it
 * synthesize with the fields in dist/ at their place, and mistakes are reported at the fleet line.
 * Fields written in _defaults.yaml: defaults-pass-through.test.ts.
 */
import { ADDED_FIELD, ADDED_PER_KIND } from '../../support/chart-fixtures';
import { DEFAULTS, MINIMAL } from '../../support/fleet-files';
import { IMPORTED_CLUSTER as CLUSTER, importedAllKindsRepo } from '../../support/imported-repo';

const { synth, generated } = importedAllKindsRepo();

const OVERLAY_AND_BUFFER = (overlay: string, buffer: string): string => `nodeOverlays:
  cheaper:
    requirements: []
    priceAdjustment: "-10%"
${overlay}capacityBuffers:
  headroom:
    podTemplateRef: { name: chunk }
    replicas: 1
${buffer}podTemplates:
  chunk:
    template:
      spec:
        containers:
          - name: c
            image: pause
            resources:
              requests: { cpu: 1 }
`;

describe('a field the tool has never seen, per kind', () => {
  it('lands in NodePool spec.template.spec or spec (where the CRD has it), NodeOverlay spec and CapacityBuffer spec', () => {
    const { code, err } = synth({
      '_defaults.yaml': DEFAULTS,
      'shop.yaml': CLUSTER(
        '1.99.0',
        `    ${ADDED_PER_KIND.poolTemplateField}: { mode: graceful }\n    ${ADDED_PER_KIND.poolSpecField}: 3\n`,
        OVERLAY_AND_BUFFER(
          `    ${ADDED_PER_KIND.overlayField}: spot discount\n`,
          `    ${ADDED_PER_KIND.bufferField}: 50\n`,
        ),
      ),
    });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const pool = generated('nodepool-general.yaml').spec as {
      template: { spec: Record<string, unknown> };
    } & Record<string, unknown>;
    expect(pool.template.spec[ADDED_PER_KIND.poolTemplateField]).toEqual({ mode: 'graceful' });
    expect(pool.template.spec.nodeClassRef).toEqual({ group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' });
    expect(pool[ADDED_PER_KIND.poolSpecField]).toBe(3);
    expect(pool.template.spec[ADDED_PER_KIND.poolSpecField]).toBeUndefined();
    expect(generated('nodeoverlay-cheaper.yaml').spec).toEqual({
      requirements: [],
      priceAdjustment: '-10%',
      [ADDED_PER_KIND.overlayField]: 'spot discount',
    });
    expect(generated('capacitybuffer-capacity-buffers.headroom.yaml').spec).toMatchObject({
      podTemplateRef: { name: 'chunk' },
      replicas: 1,
      [ADDED_PER_KIND.bufferField]: 50,
    });
  });

  it('a value the imported CRD refuses is reported at its fleet line and field, per kind', () => {
    const { code, err } = synth({
      '_defaults.yaml': DEFAULTS,
      'shop.yaml': CLUSTER(
        '1.99.0',
        `    ${ADDED_PER_KIND.poolTemplateField}: { mode: sometimes }\n    ${ADDED_PER_KIND.poolSpecField}: 11\n`,
        OVERLAY_AND_BUFFER(
          `    ${ADDED_PER_KIND.overlayField}: a note far longer than twenty characters\n`,
          `    ${ADDED_PER_KIND.bufferField}: -1\n`,
        ),
      ),
    });
    expect(code).toBe(1);
    expect(err).toHaveLength(5);
    expect(err[4]).toBe('synth: 4 errors; dist/ was not changed.');
    const text = err.join('\n');
    expect(text).toMatch(/^clusters\/shop\.yaml:18:\d+ nodePools\.general\.drainPolicy\.mode: .*sometimes.*nodepool-general\.yaml, at spec\.template\.spec\.drainPolicy\.mode/m);
    expect(text).toMatch(/^clusters\/shop\.yaml:19:\d+ nodePools\.general\.schedulingPriority: .*10.*at spec\.schedulingPriority\)/m);
    expect(text).toMatch(/^clusters\/shop\.yaml:24:\d+ nodeOverlays\.cheaper\.note: .*20.*at spec\.note\)/m);
    expect(text).toMatch(/^clusters\/shop\.yaml:29:\d+ capacityBuffers\.headroom\.priority: .*0.*at spec\.priority\)/m);
  });

  it('on 1.14.1 the same fields are unknown fields at their line', () => {
    const { code, err } = synth({
      '_defaults.yaml': DEFAULTS,
      'shop.yaml': CLUSTER('1.14.1', `    ${ADDED_PER_KIND.poolSpecField}: 3\n`),
    });
    expect(code).toBe(1);
    expect(err[0]).toMatch(/^clusters\/shop\.yaml:18:5 nodePools\.general\.schedulingPriority: /);
  });

  it('a field the tool writes from another fleet field (template, nodeClassRef) is never taken from the fleet', () => {
    const { code, err } = synth({
      '_defaults.yaml': DEFAULTS,
      'shop.yaml': CLUSTER('1.99.0', `    nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: x }\n`),
    });
    expect(code).toBe(1);
    expect(err[0]).toMatch(/^clusters\/shop\.yaml:18:5 nodePools\.general\.nodeClassRef: /);
  });
});

describe('a new enum value, or a new field nested in a known one', () => {
  it('passes the NodePool field through as written, over the tool’s defaults for what is not written', () => {
    const { code, err } = synth({
      '_defaults.yaml': DEFAULTS,
      'shop.yaml': CLUSTER(
        '1.99.0',
        `    disruption:\n      consolidationPolicy: ${ADDED_PER_KIND.poolEnum.value}\n      consolidateAfter: 5m\n`,
      ),
    });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    // budgets: the tool's default (model/shared/fleet-defaults.ts), as without pass-through.
    expect(generated('nodepool-general.yaml').spec.disruption).toEqual({
      consolidationPolicy: 'WhenIdle',
      consolidateAfter: '5m',
      budgets: [{ nodes: '10%' }],
    });
  });

  it('a field nested in a known one (disruption.settleSeconds) passes through; its mistakes at its line', () => {
    const nested = (n: number): string =>
      `    disruption:\n      consolidateAfter: 1m\n      ${ADDED_PER_KIND.poolNested.name}: ${n}\n`;
    const ok = synth({ '_defaults.yaml': DEFAULTS, 'shop.yaml': CLUSTER('1.99.0', nested(30)) });
    expect(ok.err).toEqual([]);
    expect(generated('nodepool-general.yaml').spec.disruption).toEqual({
      consolidationPolicy: 'WhenEmptyOrUnderutilized',
      consolidateAfter: '1m',
      budgets: [{ nodes: '10%' }],
      settleSeconds: 30,
    });
    const bad = synth({ '_defaults.yaml': DEFAULTS, 'shop.yaml': CLUSTER('1.99.0', nested(601)) });
    expect(bad.code).toBe(1);
    expect(bad.err[0]).toMatch(
      /^clusters\/shop\.yaml:20:\d+ nodePools\.general\.disruption\.settleSeconds: number 601 must be <= 600 \(in the generated dist\/shop\/karpenter\/nodepool-general\.yaml, at spec\.disruption\.settleSeconds\)/,
    );
    const old = synth({ '_defaults.yaml': DEFAULTS, 'shop.yaml': CLUSTER('1.14.1', nested(30)) });
    expect(old.code).toBe(1);
    expect(old.err[0]).toMatch(/^clusters\/shop\.yaml:20:\d+ nodePools\.general\.disruption\.settleSeconds: /);
  });

  it('the enum value is refused at its line on 1.14.1', () => {
    const { code, err } = synth({
      '_defaults.yaml': DEFAULTS,
      'shop.yaml': CLUSTER('1.14.1', `    disruption:\n      consolidationPolicy: ${ADDED_PER_KIND.poolEnum.value}\n`),
    });
    expect(code).toBe(1);
    expect(err[0]).toMatch(/^clusters\/shop\.yaml:19:\d+ nodePools\.general\.disruption\.consolidationPolicy: .*WhenIdle/);
  });
});

describe('EKS Auto Mode', () => {
  it('its node classes are EKS NodeClasses: an EC2NodeClass field of the imported version is not passed to them', () => {
    const { code, err } = synth({
      '_defaults.yaml': DEFAULTS,
      'shop.yaml': `${MINIMAL}karpenter:\n  version: 1.99.0\n  mode: eks-auto-mode\nnodeClasses:\n  private:\n    ${ADDED_FIELD}: { mode: enabled }\nnodePools:\n  web:\n    nodeClass: private\n    limits: { cpu: "10" }\n    ${ADDED_PER_KIND.poolSpecField}: 3\n`,
    });
    expect(code).toBe(1);
    expect(err[0]).toMatch(/^clusters\/shop\.yaml:12:5 nodeClasses\.private\.hibernation: /);
    expect(err.join('\n')).not.toMatch(/schedulingPriority/);
  });
});
