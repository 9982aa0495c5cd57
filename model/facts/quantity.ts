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
