/**
 * Go's url.ParseRequestURI succeeds: the `uri` format the API server validates (kube-openapi
 * govalidator.IsRequestURI). An absolute URI (`scheme:...`) or an absolute path, no control
 * bytes, a well-formed authority (port digits, host characters, userinfo characters) and
 * valid percent-escapes.
 */

const HEX = /^[0-9a-fA-F]{2}$/;

function hasCtlByte(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** `scheme` and the rest, or undefined when the text starts with ':' (missing scheme). */
function splitScheme(raw: string): { scheme: string; rest: string } | undefined {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (/[a-zA-Z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) return { scheme: '', rest: raw };
      continue;
    }
    if (c === ':') return i === 0 ? undefined : { scheme: raw.slice(0, i), rest: raw.slice(i + 1) };
    return { scheme: '', rest: raw };
  }
  return { scheme: '', rest: raw };
}

type Mode = 'host' | 'zone' | 'path' | 'user';

/** Characters the host may hold unescaped (net/url shouldEscape for encodeHost). */
const HOST_OK = /[a-zA-Z0-9\-_.~!$&'()*+,;=:[\]<>"]/;

/** net/url unescape in `mode` succeeds. */
function unescapes(s: string, mode: Mode): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '%') {
      const hex = s.slice(i + 1, i + 3);
      if (!HEX.test(hex)) return false;
      if (mode === 'host' && parseInt(hex[0], 16) < 8 && hex !== '25') return false;
      if (mode === 'zone') {
        const v = parseInt(hex, 16);
        if (hex !== '25' && v !== 0x20 && v < 0x80 && !HOST_OK.test(String.fromCharCode(v))) return false;
      }
      i += 2;
    } else if ((mode === 'host' || mode === 'zone') && s.charCodeAt(i) < 0x80 && !HOST_OK.test(c)) {
      return false;
    }
  }
  return true;
}

function validOptionalPort(port: string): boolean {
  return port === '' || /^:[0-9]*$/.test(port);
}

function validHost(host: string): boolean {
  if (host.startsWith('[')) {
    const i = host.lastIndexOf(']');
    if (i < 0 || !validOptionalPort(host.slice(i + 1))) return false;
    const zone = host.slice(0, i).indexOf('%25');
    if (zone >= 0) {
      return (
        unescapes(host.slice(0, zone), 'host') &&
        unescapes(host.slice(zone, i), 'zone') &&
        unescapes(host.slice(i), 'host')
      );
    }
  } else {
    const i = host.lastIndexOf(':');
    if (i >= 0 && !validOptionalPort(host.slice(i))) return false;
  }
  return unescapes(host, 'host');
}

function validAuthority(authority: string): boolean {
  const at = authority.lastIndexOf('@');
  if (!validHost(at < 0 ? authority : authority.slice(at + 1))) return false;
  if (at < 0) return true;
  const user = authority.slice(0, at);
  if (!/^[a-zA-Z0-9\-._:~!$&'()*+,;=%@]*$/.test(user)) return false;
  return user.split(':').every((part) => unescapes(part, 'user'));
}

export function isRequestUri(raw: string): boolean {
  if (hasCtlByte(raw) || raw === '') return false;
  if (raw === '*') return true;
  const split = splitScheme(raw);
  if (!split) return false;
  const { scheme } = split;
  let rest = split.rest;
  if (rest.endsWith('?') && rest.split('?').length === 2) rest = rest.slice(0, -1);
  else {
    const q = rest.indexOf('?');
    if (q >= 0) rest = rest.slice(0, q);
  }
  if (!rest.startsWith('/')) return scheme !== '';
  if (scheme !== '' && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const slash = authority.indexOf('/');
    if (slash >= 0) {
      rest = authority.slice(slash);
      authority = authority.slice(0, slash);
    }
    if (!validAuthority(authority)) return false;
  }
  return unescapes(rest, 'path');
}
