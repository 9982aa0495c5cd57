/**
 * One fleet file's text → a LocatedNode tree, or diagnostics that say where the YAML is
 * broken. Hostile input is expected (PR jobs run on files anyone can edit): size, alias
 * expansion and nesting depth are bounded, and nothing here throws for bad input.
 */
import {
  Alias,
  Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  Node,
  parseAllDocuments,
  Scalar,
} from 'yaml';
import { Diagnostic, wholeFileError } from '../shared/diagnostics';
import { SourceLocation } from '../shared/fleet-model';
import { LocatedEntry, LocatedNode, PathSegment, formatPath } from './located';
import { firstTooDeep } from './nesting-depth';
import { yamlErrors } from './yaml-errors';
import { show } from '../shared/show-value';

/** Largest fleet file accepted, in bytes (a cluster description is a few KiB). */
export const MAX_FILE_BYTES = 1024 * 1024;
/** Most aliases (`*name`) one file may use; also bounds alias-bomb expansion. */
export const MAX_ALIAS_COUNT = 100;
/** Most values one file may expand to after aliases are resolved. */
export const MAX_EXPANDED_NODES = 100_000;
/**
 * Nesting refused before parsing (model/parse/nesting-depth.ts): far above MAX_DEPTH, far below
 * the depth at which the parser's recursion can exhaust the stack (about 1,000 levels).
 */
const MAX_SCANNED_DEPTH = 256;

/** Deepest nesting of maps and lists accepted. */
export const MAX_DEPTH = 64;

export interface ParsedSource {
  /** Absent when the file could not be read as one YAML document. */
  readonly root?: LocatedNode;
  readonly diagnostics: Diagnostic[];
}

const DUPLICATE_KEY = {
  message: 'duplicate key',
  fix: 'Each key may appear once in a map; remove or rename one of them',
} as const;

export function parseFleetSource(file: string, text: string): ParsedSource {
  const early = sizeProblem(file, text) ?? encodingProblem(file, text) ?? scannedDepthProblem(file, text);
  if (early) return { diagnostics: [early] };
  const lineCounter = new LineCounter();
  const at = (offset: number): SourceLocation => {
    const { line, col } = lineCounter.linePos(Math.max(0, offset));
    return { file, line, col };
  };
  const docs = parseDocuments(text, lineCounter);
  // Nesting deep enough to exhaust the parser's stack is reported for the whole file, never
  // at a position: where the stack runs out depends on how deep it already was, so a position
  // (or any error found after it) would differ from run to run.
  if (docs === undefined || docs.some((d) => d.errors.some((e) => e.code === 'RESOURCE_EXHAUSTION')))
    return {
      diagnostics: [
        wholeFileError(file, 'YAML nesting is too deep to read', `Nest at most ${MAX_DEPTH} levels`),
      ],
    };
  const diagnostics = documentProblems(file, docs, at);
  if (diagnostics.length > 0) return { diagnostics };
  return buildRoot(docs[0], text, file, at);
}

function sizeProblem(file: string, text: string): Diagnostic | undefined {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= MAX_FILE_BYTES) return undefined;
  return wholeFileError(
    file,
    `file is ${bytes} bytes, larger than the ${MAX_FILE_BYTES}-byte (1 MiB) limit for a fleet file`,
    'Split the description or remove the bulk (large userData belongs in a smaller script)',
  );
}

/** A NUL byte or text that is not UTF-8, at its line and column. */
function encodingProblem(file: string, text: string): Diagnostic | undefined {
  const bad = firstBadChar(text);
  if (bad < 0) return undefined;
  // Line/col without parsing: count lines up to the offending character.
  const before = text.slice(0, bad);
  const line = before.split('\n').length;
  const col = bad - before.lastIndexOf('\n');
  const nul = text[bad] === '\u0000';
  return {
    severity: 'error',
    file,
    line,
    col,
    path: '',
    message: nul ? 'file contains a NUL byte' : 'file is not valid UTF-8 text',
    fix: nul
      ? 'Save the file as plain UTF-8 text'
      : 'Save the file as UTF-8 (it looks like another encoding or binary data)',
  };
}

/** Nesting too deep to hand to the parser, found by a scan of the text. */
function scannedDepthProblem(file: string, text: string): Diagnostic | undefined {
  const deep = firstTooDeep(text, MAX_SCANNED_DEPTH);
  if (deep === undefined) return undefined;
  return {
    severity: 'error',
    file,
    ...deep,
    path: '',
    message: `YAML nesting is too deep to read (more than ${MAX_SCANNED_DEPTH} levels)`,
    fix: `Nest at most ${MAX_DEPTH} levels`,
  };
}

/** The file's YAML documents; undefined when the parser ran out of stack. */
function parseDocuments(text: string, lineCounter: LineCounter): Document.Parsed[] | undefined {
  try {
    const parsed = parseAllDocuments(text, {
      lineCounter,
      // Duplicate keys are found by TreeBuilder in linear time: the library's check compares
      // every pair of keys, which takes seconds on a map of 20 000 entries.
      uniqueKeys: false,
      prettyErrors: false,
      merge: false,
    });
    return Array.isArray(parsed) ? parsed : [];
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

/** More than one document, an empty file, and the YAML syntax errors of the first document. */
function documentProblems(
  file: string,
  docs: readonly Document.Parsed[],
  at: (o: number) => SourceLocation,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (docs.length > 1) {
    const second = docs[1];
    const loc = at(second.range[0]);
    diagnostics.push({
      severity: 'error',
      ...loc,
      path: '',
      message: 'file holds more than one YAML document (a `---` separator)',
      fix: 'Describe one cluster per file: move the second document to its own clusters/<name>.yaml',
    });
  }
  const doc = docs[0];
  if (!doc || doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
    if (doc && doc.errors.length > 0) return [...diagnostics, ...yamlErrors(doc, at)];
    return [
      ...diagnostics,
      wholeFileError(file, 'file is empty', 'Describe the cluster, or delete the file'),
    ];
  }
  diagnostics.push(...yamlErrors(doc, at));
  return diagnostics;
}

/** The located tree of a document that parsed; its top must be a map. */
function buildRoot(
  doc: Document.Parsed,
  text: string,
  file: string,
  at: (o: number) => SourceLocation,
): ParsedSource {
  const builder = new TreeBuilder(doc, text, file, at);
  const root = builder.build(doc.contents as Node, [], 0);
  if (builder.diagnostics.length > 0) return { diagnostics: builder.diagnostics };
  if (root.kind !== 'map') {
    return {
      diagnostics: [
        {
          severity: 'error',
          ...root.loc,
          path: '',
          message: `expected a map of settings at the top of the file, got ${root.kind === 'seq' ? 'a list' : 'a single value'}`,
          fix: 'Start the file with keys such as `aws:` and `nodePools:`',
        },
      ],
    };
  }
  return { root, diagnostics: [] };
}

class TreeBuilder {
  readonly diagnostics: Diagnostic[] = [];
  private aliases = 0;
  private depthReported = false;
  private expanded = 0;
  private readonly resolving = new Set<Node>();

  constructor(
    private readonly doc: Document.Parsed,
    private readonly text: string,
    private readonly file: string,
    private readonly at: (o: number) => SourceLocation,
  ) {}

  private fail(
    node: Node | null | undefined,
    path: readonly PathSegment[],
    message: string,
    fix: string,
  ): LocatedNode {
    const loc = this.locOf(node);
    this.diagnostics.push({ severity: 'error', ...loc, path: formatPath(path), message, fix });
    return { kind: 'scalar', loc, value: null, source: '', quoted: false };
  }

  private locOf(node: Node | null | undefined): SourceLocation {
    return node?.range ? this.at(node.range[0]) : { file: this.file, line: 1, col: 1 };
  }

  build(node: Node | null, path: readonly PathSegment[], depth: number): LocatedNode {
    if (++this.expanded > MAX_EXPANDED_NODES) {
      if (this.expanded > MAX_EXPANDED_NODES + 1) return this.nullNode(node);
      return this.fail(
        node,
        [],
        `the document expands to more than ${MAX_EXPANDED_NODES} values through aliases (alias bomb?)`,
        'Write the values out instead of nesting aliases',
      );
    }
    if (depth > MAX_DEPTH) {
      if (this.depthReported) return this.nullNode(node);
      this.depthReported = true;
      return this.fail(node, [], `nesting deeper than ${MAX_DEPTH} levels`, 'Flatten the structure');
    }
    if (node === null || node === undefined) return this.nullNode(node);
    if (isAlias(node)) return this.alias(node, path, depth);
    if (isScalar(node)) return this.scalar(node, path);
    if (isMap(node)) {
      const entries = new Map<string, LocatedEntry>();
      for (const pair of node.items) {
        const keyNode = pair.key as Node | null;
        if (!isScalar(keyNode) || keyNode.value === null || typeof keyNode.value === 'object') {
          this.fail(
            keyNode,
            path,
            'map keys must be plain text',
            'Write the key as a plain word, e.g. `name:`',
          );
          continue;
        }
        // A key is the text the user wrote: `0x1F:` stays '0x1F', never '31' (fuzz harness, H-reliability).
        const key =
          typeof keyNode.value === 'string' || !keyNode.range
            ? String(keyNode.value)
            : this.sourceText(keyNode.range[0], keyNode.range[1]);
        if (key === '__proto__' || key === 'constructor') {
          this.fail(keyNode, [...path, key], `'${key}' cannot be used as a key`, 'Rename the key');
          continue;
        }
        const keyPath = [...path, key];
        if (entries.has(key)) {
          const { message, fix } = DUPLICATE_KEY;
          this.fail(keyNode, keyPath, message, fix);
          continue;
        }
        entries.set(key, {
          keyLoc: this.locOf(keyNode),
          value: this.build(pair.value as Node | null, keyPath, depth + 1),
        });
      }
      return { kind: 'map', loc: this.locOf(node), entries };
    }
    if (isSeq(node)) {
      const items = node.items.map((item, i) => this.build(item as Node | null, [...path, i], depth + 1));
      return { kind: 'seq', loc: this.locOf(node), items };
    }
    return this.fail(node, path, 'unsupported YAML value', 'Use plain maps, lists and values');
  }

  private nullNode(node: Node | null | undefined): LocatedNode {
    return { kind: 'scalar', loc: this.locOf(node), value: null, source: '', quoted: false };
  }

  private alias(node: Alias, path: readonly PathSegment[], depth: number): LocatedNode {
    if (++this.aliases > MAX_ALIAS_COUNT) {
      if (this.aliases === MAX_ALIAS_COUNT + 1) {
        // The path of an expanded alias is not where the user wrote it: report the alias itself.
        this.fail(
          node,
          [],
          `more than ${MAX_ALIAS_COUNT} YAML aliases in one file`,
          'Write the values out instead of aliasing them',
        );
      }
      return this.nullNode(node);
    }
    const target = node.resolve(this.doc) as Node | undefined;
    if (!target)
      return this.fail(
        node,
        path,
        `alias *${show(node.source)} names no anchor`,
        `Define &${show(node.source)} before using it`,
      );
    if (this.resolving.has(target)) {
      return this.fail(
        node,
        [],
        `alias *${show(node.source)} refers to a value that contains it`,
        'Remove the circular alias',
      );
    }
    this.resolving.add(target);
    try {
      // The value keeps the anchor's positions; `via` says where this copy of it is used.
      return { ...this.build(target, path, depth), via: this.locOf(node) };
    } finally {
      this.resolving.delete(target);
    }
  }

  private scalar(node: Scalar, path: readonly PathSegment[]): LocatedNode {
    const loc = this.locOf(node);
    const source = node.range ? this.sourceText(node.range[0], node.range[1]) : String(node.value);
    const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
    const v: unknown = node.value;
    if (v === null || typeof v === 'string' || typeof v === 'boolean')
      return { kind: 'scalar', loc, value: v, source, quoted };
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) {
        return this.fail(
          node,
          path,
          `number ${source} is not finite`,
          'Use a finite number, or quote the value if it is text',
        );
      }
      return { kind: 'scalar', loc, value: v, source, quoted };
    }
    return this.fail(node, path, 'unsupported YAML value', 'Use plain text, numbers or true/false');
  }

  private sourceText(start: number, end: number): string {
    return this.text.slice(start, end);
  }
}

/**
 * Position of the first NUL, U+FFFD (what undecodable bytes become) or lone UTF-16
 * surrogate (text that cannot be written back as UTF-8), or -1.
 */
function firstBadChar(text: string): number {
  const simple = [text.indexOf('\u0000'), text.indexOf('\uFFFD')].filter((i) => i >= 0);
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(text);
  const found = lone ? [...simple, lone.index] : simple;
  return found.length > 0 ? Math.min(...found) : -1;
}
