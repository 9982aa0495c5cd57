import { chooseAmi, DOCUMENTED_ALIAS_VERSIONS } from '../../convert/ami-selection';
import { contextFor } from './convert-helpers';

const fresh = () => contextFor('kind: EC2NodeClass\nmetadata: { name: c }\nspec: {}\n');
const base = {
  familyPath: ['spec', 'amiFamily'],
  termsPath: ['spec', 'amiSelectorTerms'],
  target: 'nodeClasses.c',
};

test('the pinned versions: AL2023 the newest release for the default Kubernetes version, else documented examples', () => {
  expect(DOCUMENTED_ALIAS_VERSIONS).toEqual({
    AL2: 'v20240807',
    AL2023: 'v20260714',
    Bottlerocket: 'v1.20.4',
  });
});

test.each([
  ['AL2023', 'al2023@v20260714'],
  ['AL2', 'al2@v20240807'],
  ['Bottlerocket', 'bottlerocket@v1.20.4'],
])('%s without terms → pinned alias %s and a warning to choose the version', (family, alias) => {
  const { ctx, log } = fresh();
  expect(chooseAmi(ctx, { ...base, generation: 'v1beta1', family })).toEqual({
    alias,
    aliasPinnedByConverter: true,
  });
  expect(log.entries[0]).toMatchObject({
    level: 'warning',
    action: 'converted',
    target: 'nodeClasses.c.alias',
  });
  expect(log.entries[0].reason).toContain('CHOOSE THE VERSION');
});

test('Windows cannot be pinned: @latest with allowLatestAmi and a warning', () => {
  const { ctx, log } = fresh();
  expect(chooseAmi(ctx, { ...base, generation: 'v1alpha5', family: 'Windows2022' })).toEqual({
    alias: 'windows2022@latest',
    allowLatestAmi: true,
  });
  expect(log.entries[0].level).toBe('warning');
});

test('EKS-optimized AMI names of one release become its alias; mixed releases stay terms', () => {
  const { ctx } = fresh();
  const names = [
    { name: 'amazon-eks-node-1.29-v20240807' },
    { name: 'amazon-eks-arm64-node-1.29-v20240807', owner: 'amazon' },
  ];
  expect(chooseAmi(ctx, { ...base, generation: 'v1beta1', family: 'AL2', terms: names })).toEqual({
    alias: 'al2@v20240807',
  });
  const mixed = [{ name: 'amazon-eks-node-1.29-v20240807' }, { name: 'amazon-eks-node-1.29-v20240901' }];
  expect(chooseAmi(ctx, { ...base, generation: 'v1beta1', family: 'AL2', terms: mixed })).toEqual({
    amiFamily: 'AL2',
    amiSelectorTerms: mixed,
  });
  const bottlerocket = [{ name: 'bottlerocket-aws-k8s-1.30-x86_64-v1.20.4-7cba5d0a' }];
  expect(
    chooseAmi(ctx, { ...base, generation: 'v1beta1', family: 'Bottlerocket', terms: bottlerocket }),
  ).toEqual({ alias: 'bottlerocket@v1.20.4' });
  // a name of another family is not turned into an alias of this one
  expect(chooseAmi(ctx, { ...base, generation: 'v1beta1', family: 'AL2023', terms: names })).toEqual({
    amiFamily: 'AL2023',
    amiSelectorTerms: names,
  });
});

test('Custom without terms and unknown families are errors', () => {
  const c = fresh();
  expect(chooseAmi(c.ctx, { ...base, generation: 'v1beta1', family: 'Custom' })).toBeUndefined();
  expect(
    chooseAmi(c.ctx, {
      ...base,
      generation: 'v1',
      family: 'Windows2030',
      terms: [{ alias: 'windows2030@latest' }],
    }),
  ).toBeUndefined();
  expect(chooseAmi(c.ctx, { ...base, generation: 'v1' })).toBeUndefined();
  expect(c.log.diagnostics.map((d) => d.message).sort()).toEqual([
    "'Windows2030' is not an AMI family the fleet format supports",
    'amiFamily Custom without an AMI selector cannot be converted: nothing says which AMI to use',
    'is required in Karpenter v1',
  ]);
});

test('v1: one alias term is the alias shorthand, anything else stays terms', () => {
  const { ctx, log } = fresh();
  expect(chooseAmi(ctx, { ...base, generation: 'v1', terms: [{ alias: 'al2023@v20260714' }] })).toEqual({
    alias: 'al2023@v20260714',
  });
  const terms = [{ id: 'ami-1' }, { tags: { team: 'a' } }];
  expect(chooseAmi(ctx, { ...base, generation: 'v1', family: 'AL2023', terms })).toEqual({
    amiFamily: 'AL2023',
    amiSelectorTerms: terms,
  });
  expect(log.entries).toEqual([]);
});
