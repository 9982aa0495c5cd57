/**
 * Disruption budget schedules, parsed as Karpenter v1.14.1 parses them: `Budget.IsActive`
 * (pkg/apis/v1/nodepool.go) calls robfig/cron v3.0.1's `cron.ParseStandard("TZ=UTC " + schedule)`,
 * the parser with Minute | Hour | Dom | Month | Dow | Descriptor. So: exactly five fields, names
 * for months (jan-dec) and weekdays (sun-sat) in any case, `*`, `?`, ranges, steps and lists, the
 * `@` descriptors, always in UTC. Each rule below is robfig's `getRange` and `parseDescriptor`.
 */

/** One cron field: its name as users know it, bounds and names (robfig's `bounds`). */
interface CronField {
  readonly name: 'minute' | 'hour' | 'day of month' | 'month' | 'day of week';
  readonly min: number;
  readonly max: number;
  readonly names?: Readonly<Record<string, number>>;
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export const CRON_FIELDS: readonly CronField[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: Object.fromEntries(MONTH_NAMES.map((n, i) => [n, i + 1])) },
  { name: 'day of week', min: 0, max: 6, names: Object.fromEntries(DAY_NAMES.map((n, i) => [n, i])) },
];

/** The descriptors robfig's standard parser knows, with the five fields each stands for. */
export const CRON_DESCRIPTORS: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** What a field matches; `star` is robfig's starBit (written `*` or `?`, no step above 1). */
export interface CronFieldSet {
  readonly values: ReadonlySet<number>;
  readonly star: boolean;
}

export interface CronSchedule {
  readonly minute: CronFieldSet;
  readonly hour: CronFieldSet;
  readonly dayOfMonth: CronFieldSet;
  readonly month: CronFieldSet;
  readonly dayOfWeek: CronFieldSet;
}

export type CronParse =
  | { readonly ok: true; readonly schedule: CronSchedule; readonly everySeconds?: undefined }
  /** `@every <duration>`: robfig's ConstantDelaySchedule. */
  | { readonly ok: true; readonly everySeconds: number; readonly schedule?: undefined }
  | {
      readonly ok: false;
      /** The field at fault, when one is. */
      readonly field?: CronField['name'];
      /** What is wrong, as a sentence without trailing period. */
      readonly problem: string;
    };

class CronFieldError extends Error {}

/** Go's strconv.Atoi on a 64-bit machine: optional sign, decimal digits, int64 range. */
function goAtoi(text: string): number | undefined {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined;
  const n = BigInt(text);
  if (n > 9223372036854775807n || n < -9223372036854775808n) return undefined;
  return Number(n);
}

/** robfig's mustParseInt. */
function parseNumber(text: string, field: CronField): number {
  const n = goAtoi(text);
  if (n === undefined)
    throw new CronFieldError(`'${text}' is not a number or a name the ${field.name} field knows`);
  if (n < 0) throw new CronFieldError(`negative number ${n} is not allowed`);
  return n;
}

/** robfig's parseIntOrName. */
function parseIntOrName(text: string, field: CronField): number {
  const named = field.names?.[text.toLowerCase()];
  return named ?? parseNumber(text, field);
}

function range(from: number, to: number): string {
  return `${from}-${to}`;
}

/** robfig's getRange: one comma-separated part of a field. */
function parseRange(expr: string, field: CronField, into: Set<number>): boolean {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  const singleDigit = lowAndHigh.length === 1;
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = field.min;
    end = field.max;
    star = true;
  } else {
    start = parseIntOrName(lowAndHigh[0], field);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1], field);
    else throw new CronFieldError(`'${expr}' has more than one hyphen`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = parseNumber(rangeAndStep[1], field);
    if (singleDigit) end = field.max;
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) {
    throw new CronFieldError(`'${expr}' has more than one slash`);
  }
  const bounds = `the ${field.name} field allows ${range(field.min, field.max)}`;
  if (start < field.min) throw new CronFieldError(`${start} is below the minimum ${field.min} (${bounds})`);
  if (end > field.max) throw new CronFieldError(`${end} is out of range (${bounds})`);
  if (start > end) throw new CronFieldError(`the range '${expr}' starts after it ends`);
  if (step === 0) throw new CronFieldError(`the step in '${expr}' is 0; a step must be a positive number`);
  for (let v = start; v <= end; v += step) into.add(v);
  return star;
}

/** robfig's getField: comma-separated parts (empty parts are skipped, as strings.FieldsFunc does). */
function parseField(text: string, field: CronField): CronFieldSet {
  const values = new Set<number>();
  let star = false;
  for (const part of text.split(',')) {
    if (part === '') continue;
    if (parseRange(part, field, values)) star = true;
  }
  return { values, star };
}

/** Go's unicode.IsSpace: the characters strings.TrimSpace and strings.Fields treat as space (not U+FEFF, which JavaScript's trim() removes). */
const GO_SPACE = '\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000';
const GO_TRIM = new RegExp(`^[${GO_SPACE}]+|[${GO_SPACE}]+$`, 'g');
const GO_FIELDS = new RegExp(`[${GO_SPACE}]+`);

/** Go's strings.TrimSpace. */
function goTrimSpace(text: string): string {
  return text.replace(GO_TRIM, '');
}

/** Go's strings.Fields: splits on Unicode white space, dropping empty fields. */
function goFields(text: string): string[] {
  return text.split(GO_FIELDS).filter((f) => f !== '');
}

const GO_DURATION_UNITS: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  '\u00b5s': 1e-6,
  '\u03bcs': 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** Go's time.ParseDuration, in seconds (undefined where Go returns an error). */
function goParseDuration(text: string): number | undefined {
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') return undefined;
  let total = 0;
  while (rest !== '') {
    const m = /^([0-9]*(?:\.[0-9]*)?)([^0-9.]+)/.exec(rest);
    if (m === null || m[1] === '' || m[1] === '.') return undefined;
    const unit = /^(ns|us|\u00b5s|\u03bcs|ms|s|m|h)/.exec(m[2]);
    if (unit === null) return undefined;
    total += Number(m[1]) * GO_DURATION_UNITS[unit[1]];
    rest = rest.slice(m[1].length + unit[1].length);
  }
  return sign * total;
}

/**
 * A budget schedule as Karpenter parses it: robfig's `Parser.Parse` of `"TZ=UTC " + text` cuts
 * the time zone at the first space and trims the rest with strings.TrimSpace, then reads a
 * descriptor (`@daily`, `@every <Go duration>`) or five strings.Fields.
 */
export function parseCronSchedule(text: string): CronParse {
  return parseSpec(goTrimSpace(` ${text}`));
}

function parseSpec(spec: string): CronParse {
  if (spec.startsWith('@')) {
    const fields = CRON_DESCRIPTORS[spec];
    if (fields !== undefined) return parseSpec(fields);
    if (spec.startsWith('@every ')) {
      const seconds = goParseDuration(spec.slice('@every '.length));
      if (seconds === undefined)
        return {
          ok: false,
          problem: `'${spec.slice('@every '.length)}' is not a Go duration (e.g. 90m, 1h30m)`,
        };
      // robfig's Every: at least one second, whole seconds.
      return { ok: true, everySeconds: Math.max(1, Math.floor(seconds)) };
    }
    return { ok: false, problem: `'${spec}' is not a descriptor Karpenter knows` };
  }
  const fields = goFields(spec);
  if (fields.length !== 5) {
    return {
      ok: false,
      problem: `expected exactly 5 fields (minute hour day-of-month month day-of-week), found ${fields.length}`,
    };
  }
  const sets: CronFieldSet[] = [];
  for (let i = 0; i < 5; i++) {
    try {
      sets.push(parseField(fields[i], CRON_FIELDS[i]));
    } catch (e) {
      if (!(e instanceof CronFieldError)) throw e;
      return {
        ok: false,
        field: CRON_FIELDS[i].name,
        problem: `${CRON_FIELDS[i].name} field '${fields[i]}': ${e.message}`,
      };
    }
  }
  const [minute, hour, dayOfMonth, month, dayOfWeek] = sets;
  return { ok: true, schedule: { minute, hour, dayOfMonth, month, dayOfWeek } };
}

/**
 * robfig's dayMatches: when day of month or day of week is `*` both must match, otherwise
 * either may (so `0 0 1 * mon` fires on the 1st and on every Monday).
 */
export function cronDayMatches(s: CronSchedule, date: Date): boolean {
  if (!s.month.values.has(date.getUTCMonth() + 1)) return false;
  const dom = s.dayOfMonth.values.has(date.getUTCDate());
  const dow = s.dayOfWeek.values.has(date.getUTCDay());
  return s.dayOfMonth.star || s.dayOfWeek.star ? dom && dow : dom || dow;
}
