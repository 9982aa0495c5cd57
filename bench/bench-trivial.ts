/**
 * Baseline (a) of the benchmark: the smallest useful cdk8s app (one chart, one ConfigMap),
 * set up the way `cdk8s init typescript-app` sets one up (`app: npx ts-node main.ts`,
 * type-checked by ts-node on every synth) and synthesized through the cdk8s CLI. It
 * borrows the project's node_modules through a symlink, so it needs no install.
 */
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TRIVIAL_CDK8S_YAML = `language: typescript
app: npx ts-node main.ts
`;

export const TRIVIAL_MAIN_TS = `import { ApiObject, App, Chart } from 'cdk8s';

const app = new App();
const chart = new Chart(app, 'trivial');
new ApiObject(chart, 'settings', {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'settings' },
  data: { greeting: 'hello' },
});
app.synth();
`;

/** A strict CommonJS project, as a new cdk8s TypeScript app has. */
export const TRIVIAL_TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2017',
      module: 'CommonJS',
      lib: ['es2016'],
      strict: true,
      noImplicitReturns: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      experimentalDecorators: true,
      inlineSourceMap: true,
    },
    include: ['**/*.ts'],
    exclude: ['node_modules'],
  },
  null,
  2,
)}\n`;

/** What the app synthesizes into `dist/`, to check that the baseline really ran. */
export const TRIVIAL_OUTPUT = 'dist/trivial.k8s.yaml';

/** Writes the app into the existing, empty folder `dir`, using `nodeModules` (absolute). */
export function writeTrivialCdk8sApp(dir: string, nodeModules: string): void {
  writeFileSync(join(dir, 'cdk8s.yaml'), TRIVIAL_CDK8S_YAML);
  writeFileSync(join(dir, 'main.ts'), TRIVIAL_MAIN_TS);
  writeFileSync(join(dir, 'tsconfig.json'), TRIVIAL_TSCONFIG);
  symlinkSync(nodeModules, join(dir, 'node_modules'), 'dir');
}
