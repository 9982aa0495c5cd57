/**
 * Kubernetes resource quantities as numbers (cores for cpu, bytes for memory), enough to
 * compare a pool's limits with what a pod requests. Exponent forms (`1e3`) are not used
 * in fleet descriptions and read as unknown.
 */
const SUFFIX: Readonly<Record<string, number>> = {
  '': 1,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const QUANTITY = /^([0-9]+(?:\.[0-9]+)?)(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$/;

/** The quantity's value in base units, or undefined when it is not a plain quantity. */
export function parseQuantity(text: string): number | undefined {
  const m = QUANTITY.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * SUFFIX[m[2] ?? ''];
}

const BINARY_SUFFIXES = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'] as const;
/** Decimal SI suffixes by power of ten (a multiple of 3). */
const DECIMAL_SUFFIXES: Readonly<Record<number, string>> = {
  [-9]: 'n',
  [-6]: 'u',
  [-3]: 'm',
  0: '',
  3: 'k',
  6: 'M',
  9: 'G',
  12: 'T',
  15: 'P',
  18: 'E',
};
const DECIMAL_POWER: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(DECIMAL_SUFFIXES).map(([p, s]) => [s, Number(p)]),
);
const CANONICAL_INPUT = /^([+-]?)([0-9]+(?:\.[0-9]*)?|\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?$/;
const NANO = 1_000_000_000n;

/**
 * The canonical text of a quantity, as `resource.Quantity.String()` prints it after
 * `ParseQuantity` (k8s.io/apimachinery pkg/api/resource/quantity.go: ParseQuantity rounds up to
 * nano units; CanonicalizeBytes keeps the binary format (`Ki`…`Ei`) for whole values of at least
 * 1024 and otherwise prints decimal SI with the largest power of 1000 that keeps the number
 * whole). So `1024Mi` and `1Gi` are both `1Gi`, `1000G` is `1T`, `1.5` is `1500m`, but `1Gi` and
 * `1073741824` stay different texts (binary and decimal formats). This is the value the
 * EC2NodeClass hash sees for a `hash:"string"` quantity (BlockDevice.VolumeSize).
 * Undefined for what this does not read (exponent forms such as `1e3`, suffixes beyond `E`).
 */
export function canonicalQuantity(text: string): string | undefined {
  const m = CANONICAL_INPUT.exec(text.trim());
  if (!m) return undefined;
  const [, sign, number, suffix = ''] = m;
  const [whole, fraction = ''] = number.split('.');
  // value = digits × 10^-fraction.length × multiplier, kept exact as nanos (rounded up, as ParseQuantity does).
  const digits = BigInt(`${whole || '0'}${fraction}`);
  const binary = BINARY_SUFFIXES.indexOf(suffix as (typeof BINARY_SUFFIXES)[number]);
  let numerator = digits * NANO;
  let denominator = 10n ** BigInt(fraction.length);
  if (binary > 0) numerator *= 1024n ** BigInt(binary);
  else {
    const power = DECIMAL_POWER[suffix];
    if (power >= 0) numerator *= 10n ** BigInt(power);
    else denominator *= 10n ** BigInt(-power);
  }
  let nanos = numerator / denominator + (numerator % denominator === 0n ? 0n : 1n);
  if (nanos === 0n) return '0';
  const negative = sign === '-';
  const prefix = negative ? '-' : '';
  if (binary > 0 && nanos % NANO === 0n && nanos >= 1024n * NANO) {
    let amount = nanos / NANO;
    let exponent = 0;
    while (amount % 1024n === 0n && exponent < BINARY_SUFFIXES.length - 1) {
      amount /= 1024n;
      exponent++;
    }
    return `${prefix}${amount}${BINARY_SUFFIXES[exponent]}`;
  }
  let exponent = -9;
  while (nanos % 10n === 0n) {
    nanos /= 10n;
    exponent++;
  }
  const down = ((exponent % 3) + 3) % 3;
  nanos *= 10n ** BigInt(down);
  exponent -= down;
  const out = DECIMAL_SUFFIXES[exponent];
  return out === undefined ? undefined : `${prefix}${nanos}${out}`;
}
