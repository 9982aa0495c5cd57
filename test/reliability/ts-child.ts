/**
 * Lets a child `node` process require the project's TypeScript sources directly
 * (transpile-only, as ts-jest does), so child-process tests never run a stale build/.
 */
import { join } from 'node:path';
import { PROJECT_ROOT } from './example-fleet';

/** JavaScript source to put first in a `node -e` script: registers a `.ts` loader. */
export function tsRequireHook(projectRoot: string = PROJECT_ROOT): string {
  return `
const ts = require(${JSON.stringify(join(projectRoot, 'node_modules', 'typescript'))});
require.extensions['.ts'] = (module, filename) => {
  const source = require('node:fs').readFileSync(filename, 'utf8');
  const out = ts.transpileModule(source, {
    fileName: filename,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  module._compile(out.outputText, filename);
};
`;
}
