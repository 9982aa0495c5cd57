/**
 * gitleaks' default rules, generated from the pinned copy: provenance and licence in the header,
 * every content rule rewritten from RE2, path-only rules left out, the pin checked by sha256.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  generateGitleaksRules,
  GITLEAKS_SOURCE,
  renderGitleaksModule,
} from '../../codegen/generate-gitleaks-rules';
import { TOOL_ROOT } from '../../io/tool-root';
import { GITLEAKS_RULES } from '../../imports/secret-rules/gitleaks-v8.30.1';

const TOML = `
[allowlist]
regexes = ['''^true$''']
stopwords = ["example"]

[[rules]]
id = "acme-key"
description = "An Acme key."
regex = '''\\b(acme_(?i)[a-f0-9]{8})\\s'''
entropy = 2
keywords = ["Acme_"]

[[rules.allowlists]]
regexTarget = "line"
regexes = ['''fixture''']

[[rules]]
id = "acme-file"
description = "An Acme key file."
path = '''\\.acme$'''
`;

describe('renderGitleaksModule', () => {
  const module = renderGitleaksModule(TOML, 'MIT License\n\nCopyright (c) 2019 Zachary Rice\n');
  it('states its source, commit, sha256 and the licence', () => {
    expect(module).toContain(`at tag v8.30.1 (commit ${GITLEAKS_SOURCE.commit})`);
    expect(module).toContain(`sha256:${GITLEAKS_SOURCE.sha256}`);
    expect(module).toContain('// Copyright (c) 2019 Zachary Rice');
    expect(module).toContain('1 rules that apply only to files of a given name are left out');
  });
  it('rewrites the regex (mid-pattern (?i), ASCII \\s) and keeps keywords, entropy and allowlists', () => {
    expect(module).toContain('id: "acme-key"');
    expect(module).toContain(
      'regex: "\\\\b(acme_[a-f0-9A-F]{8})[\\\\u0009-\\\\u000a\\\\u000c-\\\\u000d\\\\u0020]"',
    );
    expect(module).toContain('keywords: ["acme_"]');
    expect(module).toContain('entropy: 2,');
    expect(module).toContain('target: "line"');
    expect(module).not.toContain('acme-file');
  });
});

describe('generateGitleaksRules', () => {
  it('generates the committed module from the pinned copy', () => {
    const [[path, content]] = generateGitleaksRules([], { projectRoot: TOOL_ROOT, origin: {} as never });
    expect(path).toBe('secret-rules/gitleaks-v8.30.1.ts');
    expect(content).toContain(`export const GITLEAKS_RULES`);
    expect(GITLEAKS_RULES.length).toBe(217);
    for (const rule of GITLEAKS_RULES) expect(() => new RegExp(rule.regex, 'gd')).not.toThrow();
  });

  it('refuses a copy whose sha256 is not the pinned one', () => {
    const root = mkdtempSync(join(tmpdir(), 'kg-gitleaks-'));
    try {
      mkdirSync(join(root, GITLEAKS_SOURCE.folder), { recursive: true });
      writeFileSync(join(root, GITLEAKS_SOURCE.folder, 'gitleaks.toml'), TOML);
      expect(() => generateGitleaksRules([], { projectRoot: root, origin: {} as never })).toThrow(
        /gitleaks\.toml has sha256 [0-9a-f]{64}, expected e163e53b/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
