import * as plus from 'cdk8s-plus-30';
import { cdk8sPlus } from '../../../charts/cluster-base/cdk8s-plus';

describe('cdk8sPlus', () => {
  it('is cdk8s-plus-30, loaded once', () => {
    expect(cdk8sPlus().Namespace).toBe(plus.Namespace);
    expect(cdk8sPlus().TaintEffect.NO_SCHEDULE).toBe(plus.TaintEffect.NO_SCHEDULE);
    expect(cdk8sPlus()).toBe(cdk8sPlus());
  });
});
