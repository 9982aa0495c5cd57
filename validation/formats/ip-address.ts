/**
 * The address parsers of Go's net package the API server's formats rely on: IPv4/IPv6
 * (today's strict net.ParseIP and k8s.io/utils/net's ParseIPSloppy, which is Go 1.16's
 * parser that accepts leading zeros), CIDR (ParseCIDRSloppy) and MAC (net.ParseMAC).
 */

/** Go dtoi: decimal digits at the start, below 0xFFFFFF. */
function dtoi(s: string): { n: number; len: number } | undefined {
  let n = 0;
  let i = 0;
  for (; i < s.length && s[i] >= '0' && s[i] <= '9'; i++) {
    n = n * 10 + (s.charCodeAt(i) - 48);
    if (n >= 0xffffff) return undefined;
  }
  return i === 0 ? undefined : { n, len: i };
}

/**
 * IPv4 dotted quad. `sloppy` is Go ≤1.16's parser (k8s.io/utils/net ParseIPSloppy: leading
 * zeros allowed); strict is today's net.ParseIP (no leading zeros).
 */
function parseIPv4(s: string, sloppy: boolean): boolean {
  const parts = s.split('.');
  if (parts.length !== 4) return false;
  for (const p of parts) {
    const d = dtoi(p);
    if (!d || d.len !== p.length || d.n > 255) return false;
    if (!sloppy && (p.length > 3 || (p.length > 1 && p[0] === '0'))) return false;
  }
  return true;
}

/** IPv6 text form, with an optional trailing IPv4 part; no zone. */
function parseIPv6(s: string, sloppy: boolean): boolean {
  let groups = 0;
  let ellipsis = false;
  let rest = s;
  if (rest.startsWith('::')) {
    ellipsis = true;
    rest = rest.slice(2);
    if (rest === '') return true;
  }
  while (rest !== '') {
    const hex = /^[0-9a-fA-F]{1,4}/.exec(rest);
    if (!hex) return false;
    // An IPv4 tail takes the place of the last two groups.
    if (rest.length > hex[0].length && rest[hex[0].length] === '.') {
      if (!ellipsis && groups !== 6) return false;
      if (groups > 6) return false;
      if (!parseIPv4(rest, sloppy)) return false;
      groups += 2;
      rest = '';
      break;
    }
    if (/^[0-9a-fA-F]{5}/.test(rest)) return false;
    groups++;
    rest = rest.slice(hex[0].length);
    if (rest === '') break;
    if (rest[0] !== ':') return false;
    if (rest.startsWith('::')) {
      if (ellipsis) return false;
      ellipsis = true;
      rest = rest.slice(2);
      if (rest === '') break;
    } else {
      rest = rest.slice(1);
      if (rest === '') return false;
    }
    if (groups >= 8) return false;
  }
  return ellipsis ? groups < 8 : groups === 8;
}

export function parseIP(s: string, sloppy: boolean): boolean {
  return s.includes(':') ? parseIPv6(s, sloppy) : parseIPv4(s, sloppy);
}

/** k8s.io/utils/net ParseCIDRSloppy. */
export function isCidr(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const addr = s.slice(0, slash);
  const mask = s.slice(slash + 1);
  let bits: number;
  if (parseIPv4(addr, true)) bits = 32;
  else if (parseIPv6(addr, true)) bits = 128;
  else return false;
  const d = dtoi(mask);
  return d !== undefined && d.len === mask.length && d.n <= bits;
}

/** Go net.ParseMAC. */
export function isMac(s: string): boolean {
  if (s.length < 14) return false;
  const hexPair = (i: number) => /^[0-9a-fA-F]{2}$/.test(s.slice(i, i + 2));
  const sizes = [6, 8, 20];
  if (s[2] === ':' || s[2] === '-') {
    if ((s.length + 1) % 3 !== 0) return false;
    const n = (s.length + 1) / 3;
    if (!sizes.includes(n)) return false;
    for (let x = 0, i = 0; i < n; i++, x += 3) {
      if (!hexPair(x)) return false;
      if (x + 2 < s.length && s[x + 2] !== s[2]) return false;
    }
    return true;
  }
  if (s[4] === '.') {
    if ((s.length + 1) % 5 !== 0) return false;
    const n = (2 * (s.length + 1)) / 5;
    if (!sizes.includes(n)) return false;
    for (let x = 0, i = 0; i < n; i += 2, x += 5) {
      if (!hexPair(x) || !hexPair(x + 2)) return false;
      if (x + 4 < s.length && s[x + 4] !== '.') return false;
    }
    return true;
  }
  return false;
}
