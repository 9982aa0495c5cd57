/** The cdk8s example app pins what this package pins, and this package's own version. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './packed-tarball';

type Pkg = {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const read = (...p: string[]) => JSON.parse(readFileSync(join(ROOT, ...p), 'utf8')) as Pkg;

test('examples/cdk8s-app depends on this version and on the same cdk8s, constructs and TypeScript', () => {
  const root = read('package.json');
  const example = read('examples', 'cdk8s-app', 'package.json');
  expect(example.dependencies).toEqual({
    cdk8s: root.dependencies.cdk8s,
    constructs: root.dependencies.constructs,
    'karpenter-gitops': root.version,
  });
  expect(example.devDependencies).toEqual({
    '@types/node': root.devDependencies['@types/node'],
    typescript: root.devDependencies.typescript,
  });
});
