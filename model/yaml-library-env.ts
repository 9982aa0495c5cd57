/**
 * The environment the `yaml` library sees while it parses a fleet file.
 *
 * The library's CST parser reads `process.env.LOG_TOKENS` once for every token (a debugging
 * switch), and its composer `process.env.LOG_STREAM` once per document. `process.env` is
 * backed by the C library's environment: every property read is a call into native code, and
 * on the benchmark fleet (51 files, ~260 KB) those reads were about a fifth of the parse.
 * model/yaml-source.ts therefore sets `process.env` to this plain object for the duration of
 * the (synchronous) parse and puts the real one back in a `finally`: the library sees the same
 * values of its two switches, so it behaves exactly as before, and nothing else runs meanwhile.
 */

/** The environment variables the `yaml` library reads while parsing. */
export const YAML_LIBRARY_ENV_KEYS = ['LOG_TOKENS', 'LOG_STREAM'] as const;

/** A plain object with the values of `YAML_LIBRARY_ENV_KEYS` that are set in `real`. */
export function yamlLibraryEnv(real: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const plain: NodeJS.ProcessEnv = {};
  for (const key of YAML_LIBRARY_ENV_KEYS) {
    const value = real[key];
    if (value !== undefined) plain[key] = value;
  }
  return plain;
}
