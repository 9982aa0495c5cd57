/**
 * The OpenAPI `format`s the Kubernetes API server validates on custom resources, with the
 * semantics of k8s.io/kube-openapi pkg/validation/strfmt (the registry the apiextensions
 * schema validator uses) and of the Go functions it calls (net.ParseIP, net.ParseMAC,
 * url.ParseRequestURI, time.Parse, time.ParseDuration ...).
 *
 * k8s.io/apiextensions-apiserver pkg/apiserver/validation/formats.go keeps only the formats
 * of this list (after removing '-', go-openapi's name normalisation: `date-time` is
 * `datetime`) and strips every other format from the schema: `int32`, `int64`, `float` and
 * unknown names are ignored, for strings and numbers alike. A format applies to string
 * values only.
 */
import { parseGoDuration } from '../../model';
import { isEmailAddress } from './email-address';
import { isCidr, isMac, parseIP } from './ip-address';
import { isRequestUri } from './request-uri';

export type FormatCheck = (value: string) => boolean;

/** What a valid value looks like, for the fix of a finding. */
export interface FormatInfo {
  readonly check: FormatCheck;
  readonly example: string;
}

/** Go's `\s` in regexp (RE2 Perl class): ASCII whitespace only. */
const GO_SPACE = '[\\t\\n\\f\\r ]';

const RX_DATETIME_TIME = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u;
const RX_HOSTNAME =
  /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$/u;
const RX_UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const RX_UUID3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const RX_UUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const RX_UUID5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const RX_CREDIT_CARD =
  /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35[0-9]{3})[0-9]{11})$/;
const RX_HEXCOLOR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const OCTET = '(0|[1-9][0-9]?|1[0-9][0-9]?|2[0-4][0-9]|25[0-5])';
const RX_RGBCOLOR = new RegExp(
  `^rgb\\(${GO_SPACE}*${OCTET}${GO_SPACE}*,${GO_SPACE}*${OCTET}${GO_SPACE}*,${GO_SPACE}*${OCTET}${GO_SPACE}*\\)$`,
);
const RX_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
const RX_SSN = /^[0-9]{3}[- ]?[0-9]{2}[- ]?[0-9]{4}$/;
const RX_ISBN_SPACE = new RegExp(`(?:${GO_SPACE}|-)+`, 'g');

function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

function daysIn(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Go `time.Parse("2006-01-02", s) == nil`. */
export function isDate(s: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(month, year);
}

/**
 * strfmt.IsDateTime, the check the API server runs for `date-time`: the part before the
 * first `t` (case-insensitive) is a full date, the part up to the next `t` is
 * `hh:mm:ss[.frac](z|±hh:mm)` with hh ≤ 23, mm ≤ 59, ss ≤ 59. (strfmt.ParseDateTime, which
 * tries several time layouts, is only used to decode typed Go values, not to validate.)
 */
export function isDateTime(s: string): boolean {
  if (byteLength(s) < 4) return false;
  const parts = s.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0])) return false;
  const m = RX_DATETIME_TIME.exec(parts[1]);
  if (!m) return false;
  return m[1] <= '23' && m[2] <= '59' && m[3] <= '59';
}

/** Go `time.ParseDuration(s)` succeeds (overflow included): model/facts/go-duration.ts reads it. */
export function isGoDuration(input: string): boolean {
  return parseGoDuration(input) !== undefined;
}

const STRFMT_UNITS: readonly (readonly string[])[] = [
  ['ns', 'nano'],
  ['us', '\u00b5s', 'micro'],
  ['ms', 'milli'],
  ['s', 'sec'],
  ['m', 'min'],
  ['h', 'hr', 'hour'],
  ['d', 'day'],
  ['w', 'wk', 'week'],
];

/**
 * strfmt.ParseDuration succeeds: Go's time.ParseDuration, or else at least one
 * `<digits><spaces><letters>` run anywhere in the text whose letters name a unit
 * (`5 days`, `2 weeks`, `10min`); a run whose digits overflow int64 is an error.
 */
export function isDuration(s: string): boolean {
  if (isGoDuration(s)) return true;
  let ok = false;
  for (const m of s.matchAll(new RegExp(`(([0-9]+)${GO_SPACE}*([A-Za-z\\u00b5]+))`, 'g'))) {
    if (BigInt(m[2]) > 9223372036854775807n) return false;
    const unit = m[3].toLowerCase();
    for (const variants of STRFMT_UNITS) {
      const last = variants.length - 1;
      variants.forEach((variant, i) => {
        if ((i === last && unit.startsWith(variant)) || variant === unit) ok = true;
      });
    }
  }
  return ok;
}

/** strfmt.IsHostname. */
export function isHostname(s: string): boolean {
  if (!RX_HOSTNAME.test(s)) return false;
  if (byteLength(s) > 255) return false;
  return s.split('.').every((p) => byteLength(p) <= 63);
}

/** govalidator.IsISBN for version 10 or 13. */
export function isIsbn(s: string, version: 10 | 13): boolean {
  const d = s.replace(RX_ISBN_SPACE, '');
  const digit = (i: number) => d.charCodeAt(i) - 48;
  let sum = 0;
  if (version === 10) {
    if (!/^(?:[0-9]{9}X|[0-9]{10})$/.test(d)) return false;
    for (let i = 0; i < 9; i++) sum += (i + 1) * digit(i);
    sum += d[9] === 'X' ? 100 : 10 * digit(9);
    return sum % 11 === 0;
  }
  if (!/^[0-9]{13}$/.test(d)) return false;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * digit(i);
  return digit(12) === (10 - (sum % 10)) % 10;
}

/** govalidator.IsCreditCard: digits only (everything else removed), a known prefix, Luhn. */
export function isCreditCard(s: string): boolean {
  const d = s.replace(/[^0-9]+/g, '');
  if (!RX_CREDIT_CARD.test(d)) return false;
  let sum = 0;
  let double = false;
  for (let i = d.length - 1; i >= 0; i--) {
    let n = d.charCodeAt(i) - 48;
    if (double) {
      n *= 2;
      sum += n >= 10 ? (n % 10) + 1 : n;
    } else sum += n;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * The formats the API server validates, by normalised name (without '-'). Every entry
 * names the kube-openapi function it follows.
 */
export const KUBERNETES_FORMATS: Readonly<Record<string, FormatInfo>> = {
  bsonobjectid: { check: (s) => /^[0-9a-fA-F]{24}$/.test(s), example: '507f1f77bcf86cd799439011' },
  uri: { check: isRequestUri, example: 'https://example.com/path' },
  email: { check: isEmailAddress, example: 'ops@example.com' },
  hostname: { check: isHostname, example: 'node-1.example.com' },
  ipv4: { check: (s) => parseIP(s, true) && s.includes('.'), example: '10.0.0.1' },
  ipv6: { check: (s) => parseIP(s, false) && s.includes(':'), example: 'fd00::1' },
  cidr: { check: isCidr, example: '10.0.0.0/16' },
  mac: { check: isMac, example: '02:42:ac:11:00:02' },
  uuid: { check: (s) => RX_UUID.test(s), example: '123e4567-e89b-12d3-a456-426614174000' },
  uuid3: { check: (s) => RX_UUID3.test(s), example: 'a3bb189e-8bf9-3888-9912-ace4e6543002' },
  uuid4: { check: (s) => RX_UUID4.test(s), example: '110ec58a-a0f2-4ac4-8393-c866d813b8d1' },
  uuid5: { check: (s) => RX_UUID5.test(s), example: '886313e1-3b8a-5372-9b90-0c9aee199e5d' },
  isbn: { check: (s) => isIsbn(s, 10) || isIsbn(s, 13), example: '978-0321751041' },
  isbn10: { check: (s) => isIsbn(s, 10), example: '0321751043' },
  isbn13: { check: (s) => isIsbn(s, 13), example: '978-0321751041' },
  creditcard: { check: isCreditCard, example: '4111 1111 1111 1111' },
  ssn: { check: (s) => byteLength(s) === 11 && RX_SSN.test(s), example: '123-45-6789' },
  hexcolor: { check: (s) => RX_HEXCOLOR.test(s), example: '#ff0000' },
  rgbcolor: { check: (s) => RX_RGBCOLOR.test(s), example: 'rgb(255, 0, 0)' },
  byte: { check: (s) => RX_BASE64.test(s), example: 'aGVsbG8=' },
  password: { check: () => true, example: 'any string' },
  date: { check: isDate, example: '2025-01-31' },
  duration: { check: isDuration, example: '1h30m' },
  datetime: { check: isDateTime, example: '2025-01-31T15:04:05Z' },
};

/** The check for `format`, or undefined when the API server ignores it. */
export function formatInfo(format: string): FormatInfo | undefined {
  const name = format.replace(/-/g, '');
  return Object.prototype.hasOwnProperty.call(KUBERNETES_FORMATS, name)
    ? KUBERNETES_FORMATS[name]
    : undefined;
}
