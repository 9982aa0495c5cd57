/**
 * Reads multi-document YAML (or JSON) text into documents that remember where they were
 * written, so a finding can name the file, the document and the line of the field.
 *
 * Speed: values come from js-yaml (about 10x faster than building `yaml` Documents); the
 * `yaml` library's source ranges are built only for a file that has a finding or that
 * js-yaml refuses (then every document is read on its own, so one bad document never
 * hides the others).
 */
import { CORE_SCHEMA, load as jsYamlLoad, loadAll as jsYamlLoadAll, Type } from 'js-yaml';
import type { Document, LineCounter, Node } from 'yaml';
import { PathSegment } from '../model';

/**
 * kubectl and Argo CD read manifests with go-yaml (YAML 1.1 resolution): `yes`, `on`, `y`...
 * are booleans there, so a string field written `value: yes` is rejected by the API server.
 * (This type replaces the core schema's bool, so it lists true/false too.) The YAML 1.2 core schema (no timestamps: `2025-01-01` stays a string, as in go-yaml's JSON
 * conversion) plus YAML 1.1 booleans reproduces what the API server receives.
 */
const YAML11_TRUE = ['true', 'True', 'TRUE', 'y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON'];
const YAML11_FALSE = ['false', 'False', 'FALSE', 'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF'];
const yaml11Bool = new Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: (data: string) => YAML11_TRUE.includes(data) || YAML11_FALSE.includes(data),
  construct: (data: string) => YAML11_TRUE.includes(data),
});
/** @internal js-yaml schema of the fast path (its type is not part of the published declarations). */
export const MANIFEST_YAML_SCHEMA = CORE_SCHEMA.extend({ implicit: [yaml11Bool] });

export interface Position {
  readonly line: number;
  readonly col: number;
}

export interface ManifestDocument {
  /** As the user gave it (relative path, or a name such as `dist/a/karpenter/x.yaml`). */
  readonly file: string;
  /** 0-based position of the document among the file's non-empty documents. */
  readonly index: number;
  /** The plain value (absent when `error`). */
  readonly value?: unknown;
  /** Why the document could not be read. */
  readonly error?: string;
  /** Line and column (1-based) of the field at `path`, or of the nearest enclosing field; `[]` is the document. */
  locate(path: readonly PathSegment[]): Position;
}

interface LocatedFile {
  readonly docs: readonly Document.Parsed[];
  readonly lineCounter: LineCounter;
}

type YamlLib = typeof import('yaml');
let yamlLib: YamlLib | undefined;

/** The `yaml` library, loaded on first use (about 40 ms of start-up a clean run does not need). */
function yaml(): YamlLib {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  yamlLib ??= require('yaml') as YamlLib;
  return yamlLib;
}

/** Source ranges of one file, built at most once and only when asked for. */
class LazySource {
  private located?: LocatedFile;
  constructor(private readonly text: string) {}

  get(): LocatedFile {
    if (!this.located) {
      const lineCounter = new (yaml().LineCounter)();
      const docs = (
        yaml().parseAllDocuments(this.text, { lineCounter, uniqueKeys: true }) as Document.Parsed[]
      ).filter((d) => !isEmptyDocument(d));
      this.located = { docs, lineCounter };
    }
    return this.located;
  }

  locate(index: number, path: readonly PathSegment[]): Position {
    const { docs, lineCounter } = this.get();
    const doc = docs[index];
    if (!doc) return { line: 1, col: 1 };
    const at = (offset: number): Position => {
      const p = lineCounter.linePos(offset);
      return { line: p.line, col: p.col };
    };
    return locateIn(doc.contents as Node | null, path, at(firstContentOffset(doc)), at);
  }
}

function isEmptyDocument(doc: Document.Parsed): boolean {
  return doc.contents === null && doc.errors.length === 0;
}

function firstContentOffset(doc: Document.Parsed): number {
  const c = doc.contents as Node | null;
  return c?.range ? c.range[0] : doc.range[0];
}

/**
 * Splits `text` into documents; never throws for bad input. `value`, when given, is the one
 * document `text` reads back as (a generated file's value, model/shared/generated-file.ts):
 * it is taken instead of parsing the text, which is then read only to locate findings.
 */
export function parseManifests(file: string, text: string, value?: unknown): ManifestDocument[] {
  const source = new LazySource(text);
  let values: unknown[] | undefined = value === undefined ? undefined : [value];
  if (!values) {
    try {
      values = [];
      jsYamlLoadAll(text, (v) => values!.push(v), { filename: file, schema: MANIFEST_YAML_SCHEMA });
    } catch {
      values = undefined;
    }
  }
  if (values) {
    return values
      .filter((v) => v !== null && v !== undefined)
      .map((value, index) => ({ file, index, value, locate: (path) => source.locate(index, path) }));
  }
  return slowParse(file, source);
}

/** Every document on its own, through the `yaml` library, with its own error. */
function slowParse(file: string, source: LazySource): ManifestDocument[] {
  const { docs, lineCounter } = source.get();
  return docs.map((doc, index): ManifestDocument => {
    const start = lineCounter.linePos(firstContentOffset(doc));
    if (doc.errors.length > 0) {
      const e = doc.errors[0];
      const pos = e.linePos?.[0] ?? start;
      return {
        file,
        index,
        error: `not valid YAML: ${e.message.split('\n')[0].replace(/:\s*$/, '')}`,
        locate: () => ({ line: pos.line, col: pos.col }),
      };
    }
    try {
      // Re-read the document's own text with js-yaml so values match the fast path exactly.
      const value = jsYamlLoad(String(doc), { filename: file, schema: MANIFEST_YAML_SCHEMA });
      return { file, index, value, locate: (path) => source.locate(index, path) };
    } catch (err) {
      return {
        file,
        index,
        error: `not valid YAML: ${(err as Error).message.split('\n')[0]}`,
        locate: () => start,
      };
    }
  });
}

/** Documents built from values already in memory (no source positions: line 0). */
export function manifestsFromValues(file: string, values: readonly unknown[]): ManifestDocument[] {
  return values.map((value, index) => ({ file, index, value, locate: () => ({ line: 0, col: 0 }) }));
}

function locateIn(
  root: Node | null,
  path: readonly PathSegment[],
  fallback: Position,
  at: (offset: number) => Position,
): Position {
  let node: unknown = root;
  let best = fallback;
  for (const seg of path) {
    if (yaml().isMap(node)) {
      const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === seg);
      if (!pair) break;
      const keyRange = (pair.key as Node | null)?.range;
      if (keyRange) best = at(keyRange[0]);
      node = pair.value;
    } else if (yaml().isSeq(node) && typeof seg === 'number') {
      const item = node.items[seg] as Node | undefined;
      if (!item) break;
      if (item.range) best = at(item.range[0]);
      node = item;
    } else break;
  }
  return best;
}
