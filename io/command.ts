/**
 * How a command of `karpenter-gitops` is declared and its command line parsed: once, on
 * node:util `parseArgs` (strict; `--flag value` and `--flag=value`; booleans; repeated
 * options). A command is one declaration (name, summary, options with descriptions,
 * positionals, run function); its `--help` text and its usage errors are generated from it.
 *
 * The declarations live beside each command's logic (synth/, review/, ...); cli/main.ts
 * collects them under one `karpenter-gitops <command>` entry point. This file is in io/ (not
 * cli/) so that every command's folder can declare itself without importing up a layer.
 *
 * Adding a flag to a command is one entry in its `options`; adding a command is one
 * `defineCommand({...})` plus one line in cli/commands.ts.
 */
import { parseArgs } from 'node:util';
import { didYouMean } from '../model';
import { CliIo, EXIT_OK, EXIT_USAGE } from './cli-common';

/** The name users type. */
export const TOOL_NAME = 'karpenter-gitops';

/** One option of a command. The key in `options` is its long name without `--`. */
export interface OptionDecl {
  readonly type: 'string' | 'boolean';
  /** What the option does, one line, for `--help`. */
  readonly description: string;
  /** One-letter alias (`-q`). @default none */
  readonly short?: string;
  /** The option may be given several times; its value is then a list. @default false */
  readonly multiple?: boolean;
  /** Placeholder for the value in help and usage, e.g. `DIR`. @default 'VALUE' */
  readonly value?: string;
  /** The only values allowed (e.g. `--format`); anything else is a usage error naming them. @default any */
  readonly choices?: readonly string[];
  /** A string option that must be given; missing, it is a usage error. @default false */
  readonly required?: boolean;
  /** Shown in help as `(default: ...)`; the command applies it with `??`. @default none shown */
  readonly defaultText?: string;
  /**
   * A string option whose value may be left out (`--wait` or `--wait 10m`): given bare (last,
   * or followed by another option), it takes this value. @default none (the value is required)
   */
  readonly implicitValue?: string;
}

export type OptionDecls = Readonly<Record<string, OptionDecl>>;

type ValueOf<D extends OptionDecl> = D['type'] extends 'boolean'
  ? boolean
  : D['multiple'] extends true
    ? readonly string[]
    : D['required'] extends true
      ? D['choices'] extends readonly (infer C)[]
        ? C
        : string
      : (D['choices'] extends readonly (infer C)[] ? C : string) | undefined;

/** The parsed options of a declaration: booleans default to false, lists to [], strings to undefined. */
export type OptionValues<O extends OptionDecls> = { readonly [K in keyof O]: ValueOf<O[K]> };

export interface ParsedArgs<O extends OptionDecls> {
  readonly values: OptionValues<O>;
  readonly positionals: readonly string[];
}

/** What the positional arguments are; none allowed when a command leaves this out. */
export interface PositionalsDecl {
  /** As shown in usage, e.g. `FILE|DIR...`. */
  readonly name: string;
  readonly description: string;
  /** @default 0 */
  readonly min?: number;
  /** @default unlimited */
  readonly max?: number;
}

export interface CommandDecl<O extends OptionDecls = OptionDecls> {
  /** e.g. `synth`; a subcommand's name is its word (`verify`). */
  readonly name: string;
  /** One line, for the command list and the top of `--help`. */
  readonly summary: string;
  /** Further paragraphs for `--help`. @default none */
  readonly description?: string;
  readonly options: O;
  /** @default no positional arguments */
  readonly positionals?: PositionalsDecl;
  /** Extra usage lines (other forms of the command), without the tool name. @default none */
  readonly usage?: readonly string[];
  /** Commands selected by the first word after this one (e.g. `policies verify`). @default none */
  readonly subcommands?: readonly AnyCommand[];
  /** For `--help`, e.g. `0 done, 1 mistakes in the fleet, 2 usage error`. @default none */
  readonly exitCodes?: string;
  readonly run: (args: ParsedArgs<O>, io: CliIo) => number | Promise<number>;
}

/** A declaration of any options (what lists of commands hold). */
export interface AnyCommand {
  readonly name: string;
  readonly summary: string;
  readonly description?: string;
  readonly options: OptionDecls;
  readonly positionals?: PositionalsDecl;
  readonly usage?: readonly string[];
  readonly subcommands?: readonly AnyCommand[];
  readonly exitCodes?: string;
  // Any parsed values: the frame only passes back what the declaration's own options produced.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly run: (args: ParsedArgs<any>, io: CliIo) => number | Promise<number>;
}

/** Declares a command; the `const` type parameter keeps `choices` as literal types. */
export function defineCommand<const O extends OptionDecls>(decl: CommandDecl<O>): CommandDecl<O> {
  return decl;
}

const HELP_OPTION: OptionDecl = { type: 'boolean', short: 'h', description: 'print this help' };

/** `--out DIR`, `-q, --quiet`. */
function optionLabel(name: string, o: OptionDecl): string {
  const long = `--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
  return o.short ? `-${o.short}, ${long}` : long;
}

/** One usage line: `karpenter-gitops synth [--out DIR] [--quiet]`. */
export function usageLine(path: string, decl: AnyCommand): string {
  const opts = Object.entries(decl.options).map(([name, o]) => {
    const shown = o.choices ? o.choices.join('|') : (o.value ?? 'VALUE');
    const v = o.type === 'string' ? ` ${o.implicitValue !== undefined ? `[${shown}]` : shown}` : '';
    const flag = `--${name}${v}`;
    return `${o.required ? flag : `[${flag}]`}${o.multiple ? '...' : ''}`;
  });
  const pos = decl.positionals
    ? (decl.positionals.min ?? 0) > 0
      ? decl.positionals.name
      : `[${decl.positionals.name}]`
    : undefined;
  const sub = decl.subcommands?.length ? `[${decl.subcommands.map((s) => s.name).join('|')}]` : undefined;
  return [`${TOOL_NAME} ${path}`, sub, ...opts, pos].filter((p) => p !== undefined).join(' ');
}

function usageText(path: string, decl: AnyCommand): string {
  const lines = [usageLine(path, decl), ...(decl.usage ?? []).map((u) => `${TOOL_NAME} ${u}`)];
  return lines.map((l, i) => `${i === 0 ? 'usage: ' : '       '}${l}`).join('\n');
}

/** Two columns, the first padded to the widest entry. */
export function columns(rows: readonly (readonly [string, string])[], indent = '  '): string[] {
  const width = Math.max(0, ...rows.map(([a]) => a.length));
  return rows.map(([a, b]) => `${indent}${a.padEnd(width)}  ${b}`.trimEnd());
}

/** The `--help` text of a command, generated from its declaration. */
export function helpText(path: string, decl: AnyCommand): string {
  const out = [`${TOOL_NAME} ${path}: ${decl.summary}`, '', usageText(path, decl)];
  if (decl.description) out.push('', decl.description);
  if (decl.subcommands?.length) {
    out.push('', 'subcommands:');
    out.push(...columns(decl.subcommands.map((s) => [s.name, s.summary])));
  }
  if (decl.positionals) {
    out.push('', 'arguments:');
    out.push(...columns([[decl.positionals.name, decl.positionals.description]]));
  }
  const rows: [string, string][] = Object.entries({ ...decl.options, help: HELP_OPTION }).map(([name, o]) => {
    const extra = [
      o.required ? 'required' : undefined,
      o.choices ? `one of ${o.choices.join(', ')}` : undefined,
      o.defaultText !== undefined ? `default: ${o.defaultText}` : undefined,
      o.multiple ? 'may be repeated' : undefined,
    ].filter((e) => e !== undefined);
    return [optionLabel(name, o), extra.length ? `${o.description} (${extra.join('; ')})` : o.description];
  });
  rows.push(['--debug', 'on an internal error, also print the stack trace']);
  out.push('', 'options:', ...columns(rows));
  if (decl.exitCodes) out.push('', `exit codes: ${decl.exitCodes}`);
  return out.join('\n');
}

/** Ends a sentence with a full stop unless it ends with a question mark. */
export function asSentence(s: string): string {
  return /[.?]$/.test(s) ? s : `${s}.`;
}

/**
 * Prints a usage error the one way every command does, and returns exit code 2:
 * `karpenter-gitops synth: <sentence>.`, the usage line(s), and where the help is.
 */
export function usageError(path: string, decl: AnyCommand, sentence: string, io: CliIo): number {
  io.err(`${TOOL_NAME} ${path}: ${asSentence(sentence)}`);
  io.err(usageText(path, decl));
  io.err(`Run '${TOOL_NAME} ${path} --help' for the options.`);
  return EXIT_USAGE;
}

/** The first problem with the option names on the command line, as a sentence. */
function unknownOption(argv: readonly string[], options: OptionDecls): string | undefined {
  const longs = Object.keys(options);
  const shorts = new Map(
    Object.entries(options)
      .filter(([, o]) => o.short !== undefined)
      .map(([n, o]) => [o.short as string, n]),
  );
  for (const arg of argv) {
    if (arg === '--') return undefined;
    if (arg.startsWith('--')) {
      const name = arg.slice(2).split('=')[0];
      if (longs.includes(name)) continue;
      const close = didYouMean(name, longs);
      return `unknown option '--${name}'${close ? `; did you mean '--${close}'?` : ''}`;
    }
    if (arg.startsWith('-') && arg !== '-') {
      for (const letter of arg.slice(1)) {
        if (!shorts.has(letter)) return `unknown option '-${letter}'`;
      }
    }
  }
  return undefined;
}

/** Node's parseArgs errors, in our words. */
function parseError(err: unknown, options: OptionDecls): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: string }).code;
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined) {
    const name = option.startsWith('--') ? option.slice(2) : undefined;
    const decl = name !== undefined ? options[name] : undefined;
    if (decl?.type === 'boolean' || / does not take an argument/.test(message))
      return `${option} takes no value`;
    return `${option} needs a value${decl?.value ? ` (${decl.value})` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const arg = /'([^']*)'/.exec(message)?.[1];
    return `unexpected argument '${arg ?? message}'`;
  }
  return message;
}

/**
 * Parses a command line against a declaration. Returns the exit code to stop with (`--help`
 * printed: 0; a usage error printed: 2) or the parsed arguments.
 */
export function parseCommand<O extends OptionDecls>(
  path: string,
  decl: CommandDecl<O> | AnyCommand,
  argv: readonly string[],
  io: CliIo,
): ParsedArgs<O> | number {
  const all: OptionDecls = { ...decl.options, help: HELP_OPTION };
  argv = withImplicitValues(argv, decl.options);
  const unknown = unknownOption(argv, all);
  if (unknown !== undefined) {
    if (argv.includes('--help') || argv.includes('-h')) {
      io.out(helpText(path, decl));
      return EXIT_OK;
    }
    return usageError(path, decl, unknown, io);
  }
  let parsed: {
    values: Record<string, unknown>;
    positionals: string[];
    tokens?: { kind: string; name?: string; rawName?: string }[];
  };
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      tokens: true,
      allowPositionals: decl.positionals !== undefined,
      options: Object.fromEntries(
        Object.entries(all).map(([name, o]) => [
          name,
          {
            type: o.type,
            ...(o.short !== undefined ? { short: o.short } : {}),
            ...(o.multiple ? { multiple: true } : {}),
          },
        ]),
      ),
    }) as typeof parsed;
  } catch (err) {
    if (argv.includes('--help') || argv.includes('-h')) {
      io.out(helpText(path, decl));
      return EXIT_OK;
    }
    return usageError(path, decl, parseError(err, all), io);
  }
  if (parsed.values.help === true) {
    io.out(helpText(path, decl));
    return EXIT_OK;
  }
  const values: Record<string, unknown> = {};
  const given = new Map<string, number>();
  for (const t of parsed.tokens ?? [])
    if (t.kind === 'option' && t.name) given.set(t.name, (given.get(t.name) ?? 0) + 1);
  for (const [name, o] of Object.entries(decl.options)) {
    if (!o.multiple && o.type === 'string' && (given.get(name) ?? 0) > 1) {
      return usageError(path, decl, `--${name} given twice`, io);
    }
    const v = parsed.values[name];
    if (o.type === 'boolean') {
      values[name] = v === true || (Array.isArray(v) && v.length > 0);
      continue;
    }
    const list = v === undefined ? [] : Array.isArray(v) ? (v as string[]) : [v as string];
    for (const item of list) {
      if (item === '') return usageError(path, decl, `--${name} needs a value (${o.value ?? 'VALUE'})`, io);
      if (o.choices && !o.choices.includes(item)) {
        return usageError(path, decl, `--${name} must be one of ${o.choices.join(', ')}, not '${item}'`, io);
      }
    }
    if (o.required && list.length === 0) {
      return usageError(path, decl, `--${name} is required (${o.value ?? 'VALUE'})`, io);
    }
    values[name] = o.multiple ? list : list[list.length - 1];
  }
  const count = parsed.positionals.length;
  const p = decl.positionals;
  if (p && count < (p.min ?? 0)) return usageError(path, decl, `give ${p.name} (${p.description})`, io);
  if (p?.max !== undefined && count > p.max) {
    return usageError(path, decl, `unexpected argument '${parsed.positionals[p.max]}'`, io);
  }
  return { values: values as OptionValues<O>, positionals: parsed.positionals };
}

/** `--wait` given bare (last, or before another option) becomes `--wait=<implicitValue>`. */
function withImplicitValues(argv: readonly string[], options: OptionDecls): readonly string[] {
  if (!Object.values(options).some((o) => o.implicitValue !== undefined)) return argv;
  return argv.map((arg, i) => {
    const o = arg.startsWith('--') ? options[arg.slice(2)] : undefined;
    const next = argv[i + 1];
    return o?.implicitValue !== undefined && (next === undefined || next.startsWith('-'))
      ? `${arg}=${o.implicitValue}`
      : arg;
  });
}

/**
 * Runs a command line against a declaration: a subcommand when the first word names one,
 * else the command itself. `path` is how the command was reached (`policies`).
 */
export async function runCommand(
  path: string,
  decl: AnyCommand,
  argv: readonly string[],
  io: CliIo,
): Promise<number> {
  const sub = decl.subcommands?.find((s) => s.name === argv[0]);
  if (sub) return runCommand(`${path} ${sub.name}`, sub, argv.slice(1), io);
  const word = argv[0];
  if (decl.subcommands?.length && !decl.positionals && word !== undefined && !word.startsWith('-')) {
    const names = decl.subcommands.map((s) => s.name);
    const close = didYouMean(word, names);
    return usageError(
      path,
      decl,
      `unknown subcommand '${word}'${close ? `; did you mean '${close}'?` : ` (subcommands: ${names.join(', ')})`}`,
      io,
    );
  }
  const args = parseCommand(path, decl, argv, io);
  if (typeof args === 'number') return args;
  return decl.run(args, io);
}
