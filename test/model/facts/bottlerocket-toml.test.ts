import {
  renderBottlerocketToml,
  tomlKey,
  tomlProblem,
  tomlString,
} from '../../../model/facts/bottlerocket-toml';

describe('Bottlerocket TOML', () => {
  it('renders nested maps as [settings.*] tables with sorted keys', () => {
    expect(
      renderBottlerocketToml({
        kernel: { lockdown: 'integrity', sysctl: { 'net.ipv4.ip_forward': '1' } },
        'host-containers': { control: { enabled: true }, admin: { enabled: false } },
        motd: 'hello',
      }),
    ).toBe(
      [
        '[settings]',
        'motd = "hello"',
        '',
        '[settings.host-containers.admin]',
        'enabled = false',
        '',
        '[settings.host-containers.control]',
        'enabled = true',
        '',
        '[settings.kernel]',
        'lockdown = "integrity"',
        '',
        '[settings.kernel.sysctl]',
        '"net.ipv4.ip_forward" = "1"',
        '',
      ].join('\n'),
    );
  });

  it('is independent of key order', () => {
    const a = renderBottlerocketToml({ b: { y: 1, x: 2 }, a: { z: true } });
    const b = renderBottlerocketToml({ a: { z: true }, b: { x: 2, y: 1 } });
    expect(a).toBe(b);
  });

  it('writes numbers, arrays and inline tables', () => {
    expect(
      renderBottlerocketToml({
        kubernetes: { 'max-pods': 110, 'cluster-dns-ip': ['10.0.0.10', '10.0.0.11'], x: [{ b: 1, a: 'q' }] },
      }),
    ).toBe(
      '[settings.kubernetes]\ncluster-dns-ip = ["10.0.0.10", "10.0.0.11"]\nmax-pods = 110\nx = [{ a = "q", b = 1 }]\n',
    );
  });

  it('escapes strings per TOML', () => {
    expect(tomlString('a"b\\c\nd\te\u0001')).toBe('"a\\"b\\\\c\\nd\\te\\u0001"');
    expect(tomlKey('host-containers')).toBe('host-containers');
    expect(tomlKey('a b')).toBe('"a b"');
    expect(tomlKey('')).toBe('""');
  });

  it('a value that would break out of its string stays inside it', () => {
    const out = renderBottlerocketToml({ motd: '"\n[settings.evil]\nx = "1' });
    expect(out).toBe('[settings]\nmotd = "\\"\\n[settings.evil]\\nx = \\"1"\n');
  });

  it('names values TOML cannot hold', () => {
    expect(tomlProblem(null)).toBe('an empty value cannot be written to TOML');
    expect(tomlProblem({ a: [1, null] })).toBe('an empty value cannot be written to TOML');
    expect(tomlProblem({ a: 'x' })).toBeUndefined();
  });
});

describe('locateTomlKeys', () => {
  it('finds table headers, keys and dotted keys; skips multi-line strings', () => {
    const { locateTomlKeys, splitTomlKey } = jest.requireActual('../../../model/facts/bottlerocket-toml');
    const keys = locateTomlKeys(
      '[settings.kernel]\nlockdown = "none"\nx = """\nfake = 1\n"""\n[settings]\n  "a.b".c = 1\n',
    );
    expect(keys.get('settings\u0000kernel')).toEqual({ line: 1, col: 11 });
    expect(keys.get('settings')).toEqual({ line: 6, col: 2 });
    expect(keys.get('settings\u0000kernel\u0000lockdown')).toEqual({ line: 2, col: 1 });
    expect(keys.has('settings\u0000kernel\u0000fake')).toBe(false);
    expect(keys.get('settings\u0000a.b\u0000c')).toEqual({ line: 7, col: 9 });
    expect(splitTomlKey('a."b.c" . d')).toEqual(['a', 'b.c', 'd']);
  });
});
