/** Reading the fleet description from disk (io/read-fleet.ts); the pipeline's own tests are in test/model/load-fleet.test.ts. */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatDiagnostic, UserError } from '../../model/shared/diagnostics';
import { listClusterFiles, loadFleet } from '../../io/read-fleet';
import { diagnosticId } from '../../model';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';
import { DEFAULTS, MINIMAL } from '../support/fleet-files';

const ROOT = DEMO_FLEET_ROOT;

describe('loadFleet on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-'));
    mkdirSync(join(dir, 'clusters'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads clusters/*.yaml in sorted order and the defaults', () => {
    for (const f of readdirSync(join(ROOT, 'clusters')))
      copyFileSync(join(ROOT, 'clusters', f), join(dir, 'clusters', f));
    const fromDisk = loadFleet(dir);
    expect(fromDisk).toEqual(loadFleet(ROOT));
  });

  it('honours clustersDir', () => {
    mkdirSync(join(dir, 'fleet-a'));
    writeFileSync(join(dir, 'fleet-a', 'demo.yaml'), MINIMAL + 'gitops:\n');
    expect(() => loadFleet(dir, { clustersDir: 'fleet-a' })).toThrow(UserError);
    writeFileSync(join(dir, 'fleet-a', '_defaults.yaml'), DEFAULTS);
    writeFileSync(join(dir, 'fleet-a', 'demo.yaml'), MINIMAL);
    expect(loadFleet(dir, { clustersDir: 'fleet-a' }).fleet.clusters[0].source.file).toBe(
      'fleet-a/demo.yaml',
    );
    // An absolute folder is still reported relative to the project root.
    expect(loadFleet(dir, { clustersDir: join(dir, 'fleet-a') }).fleet.clusters[0].source.file).toBe(
      'fleet-a/demo.yaml',
    );
  });

  it('reports a folder named like a fleet file instead of crashing', () => {
    writeFileSync(join(dir, 'clusters', '_defaults.yaml'), DEFAULTS);
    writeFileSync(join(dir, 'clusters', 'demo.yaml'), MINIMAL);
    mkdirSync(join(dir, 'clusters', 'old.yaml'));
    expect(() => loadFleet(dir)).toThrow(
      'clusters/old.yaml: is not a file. Rename it so that it does not end in .yaml, or move it out of clusters/.',
    );
  });

  it('reports a missing folder', () => {
    try {
      loadFleet(dir, { clustersDir: 'nope' });
      throw new Error('expected a UserError');
    } catch (e) {
      expect((e as UserError).diagnostics.map(formatDiagnostic)).toEqual([
        'nope: the fleet description folder does not exist. To start a fleet here, run ' +
          '`npx karpenter-gitops init --cluster NAME --account ID --region REGION --destination NAME --repo-url URL` ' +
          '(it writes nope/), or give the folder with --clusters DIR.',
      ]);
    }
  });

  it('reports invalid UTF-8 bytes with their position', () => {
    writeFileSync(
      join(dir, 'clusters', 'demo.yaml'),
      Buffer.concat([Buffer.from('aws:\n  region: eu-'), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]),
    );
    expect(() => loadFleet(dir)).toThrow(
      'clusters/demo.yaml:2:14 file is not valid UTF-8 text. Save the file as UTF-8 (it looks like another encoding or binary data).',
    );
  });

  it('refuses a file larger than 1 MiB without reading it', () => {
    writeFileSync(join(dir, 'clusters', 'big.yaml'), `# ${'x'.repeat(1024 * 1024)}\n`);
    writeFileSync(join(dir, 'clusters', '_defaults.yaml'), DEFAULTS);
    writeFileSync(join(dir, 'clusters', 'demo.yaml'), MINIMAL);
    expect(() => loadFleet(dir)).toThrow(
      'clusters/big.yaml: file is 1048579 bytes, larger than the 1048576-byte (1 MiB) limit for a fleet file. Split the description or remove the bulk.',
    );
  });

  it('lists the cluster files without reading them: every *.yaml but _defaults.yaml and other _ names', () => {
    writeFileSync(join(dir, 'clusters', '_defaults.yaml'), DEFAULTS);
    writeFileSync(join(dir, 'clusters', 'b.yaml'), 'not: [yaml\n');
    writeFileSync(join(dir, 'clusters', 'a.yaml'), MINIMAL);
    writeFileSync(join(dir, 'clusters', '_old.yaml'), MINIMAL);
    writeFileSync(join(dir, 'clusters', 'c.yml'), MINIMAL);
    expect(listClusterFiles(dir)).toEqual(['clusters/a.yaml', 'clusters/b.yaml']);
    expect(listClusterFiles(dir, { clustersDir: 'nope' })).toEqual([]);
  });

  it('with `only`, reads _defaults.yaml and those files alone, without the checks across clusters', () => {
    writeFileSync(join(dir, 'clusters', '_defaults.yaml'), DEFAULTS);
    writeFileSync(join(dir, 'clusters', 'a.yaml'), MINIMAL);
    // Not read: a broken file, a folder named like a fleet file, a badly named file.
    writeFileSync(join(dir, 'clusters', 'b.yaml'), 'not: [yaml\n');
    mkdirSync(join(dir, 'clusters', 'old.yaml'));
    writeFileSync(join(dir, 'clusters', 'c.yml'), MINIMAL);
    // The same cluster again under another file name: a duplicate only the whole fleet sees.
    writeFileSync(join(dir, 'clusters', 'd.yaml'), `name: a\n${MINIMAL}`);
    let names: ReadonlyMap<string, string> | undefined;
    const part = loadFleet(dir, {
      only: new Set(['clusters/a.yaml', 'clusters/d.yaml']),
      onDetails: (d) => {
        names = d.names;
        expect(d.acrossClusters.size).toBe(0);
      },
    });
    expect(part.fleet.clusters.map((c) => c.source.file)).toEqual(['clusters/a.yaml', 'clusters/d.yaml']);
    expect(names).toEqual(
      new Map([
        ['clusters/a.yaml', 'a'],
        ['clusters/d.yaml', 'a'],
      ]),
    );
    // No cluster of one's own is no error for a part of the fleet.
    expect(loadFleet(dir, { only: new Set() }).fleet.clusters).toEqual([]);
    // The whole fleet reports them all, the duplicate name among the checks across clusters.
    let across: ReadonlySet<string> = new Set();
    try {
      loadFleet(dir, { onDetails: (d) => (across = d.acrossClusters) });
      throw new Error('expected a UserError');
    } catch (e) {
      const files = (e as UserError).diagnostics.map((d) => d.file);
      for (const f of ['clusters/b.yaml', 'clusters/old.yaml', 'clusters/c.yml']) expect(files).toContain(f);
      const dup = (e as UserError).diagnostics.filter((d) => across.has(diagnosticId(d)));
      expect(dup).toEqual([
        expect.objectContaining({
          file: 'clusters/a.yaml',
          path: 'name',
          message: "cluster name 'a' is also used by clusters/d.yaml:1:1",
        }),
      ]);
    }
  });
});
