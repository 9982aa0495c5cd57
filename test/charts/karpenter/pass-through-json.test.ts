/** charts/karpenter/pass-through-json.ts: an imported version's fields set at their place below `spec`. */
import { ApiObject, App, Chart, Testing } from 'cdk8s';
import { carryingPassThrough, withPassThrough } from '../../../charts/karpenter/pass-through-json';

describe('withPassThrough', () => {
  const json = {
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodePool',
    spec: { template: { spec: { expireAfter: '720h' } }, disruption: { consolidationPolicy: 'WhenEmpty' } },
  };

  it('is the typed json itself without pass-through fields', () => {
    expect(withPassThrough(json, undefined)).toBe(json);
  });

  it('sets a field at spec, below spec.template.spec, and merges an object over the one the tool wrote', () => {
    const out = withPassThrough(json, {
      disruption: { consolidationPolicy: 'WhenIdle' },
      schedulingPriority: 3,
      'template.spec.drainPolicy': { mode: 'graceful' },
    });
    expect(out).toEqual({
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      spec: {
        template: { spec: { expireAfter: '720h', drainPolicy: { mode: 'graceful' } } },
        disruption: { consolidationPolicy: 'WhenIdle' },
        schedulingPriority: 3,
      },
    });
    expect(
      withPassThrough(
        {
          spec: {
            metadataOptions: { httpTokens: 'required', httpPutResponseHopLimit: 1 },
            taints: [{ key: 'a' }],
          },
        },
        {
          metadataOptions: { httpEndpoint: 'new-value', httpPutResponseHopLimit: 2 },
          taints: [{ key: 'b' }],
        },
      ),
    ).toEqual({
      spec: {
        metadataOptions: { httpTokens: 'required', httpPutResponseHopLimit: 2, httpEndpoint: 'new-value' },
        taints: [{ key: 'b' }],
      },
    });
    // The typed json is not changed.
    expect(json.spec.template.spec).toEqual({ expireAfter: '720h' });
  });

  it('creates the levels the typed json lacks', () => {
    expect(withPassThrough({ kind: 'X' }, { 'a.b': 1 })).toEqual({ kind: 'X', spec: { a: { b: 1 } } });
  });
});

describe('carryingPassThrough', () => {
  it("makes the object's manifest carry the fields, and leaves an object without them as it was", () => {
    const chart = new Chart(new App(), 'c');
    const plain = new ApiObject(chart, 'plain', {
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      spec: { weight: 1 },
    });
    const own = plain.toJson;
    expect(carryingPassThrough(plain, undefined).toJson).toBe(own);
    const carrying = carryingPassThrough(
      new ApiObject(chart, 'carrying', {
        apiVersion: 'karpenter.sh/v1',
        kind: 'NodePool',
        spec: { weight: 1 },
      }),
      { schedulingPriority: 3, 'template.spec.drainPolicy': { mode: 'graceful' } },
    );
    const [, written] = Testing.synth(chart);
    expect(written.spec).toEqual({
      weight: 1,
      schedulingPriority: 3,
      template: { spec: { drainPolicy: { mode: 'graceful' } } },
    });
    expect(carrying.toJson()).toEqual(written);
  });
});
