/**
 * The cdk8s app entry point. `cdk8s synth` runs `node bin/run.js main` (build/main.js, see cdk8s.yaml) with
 * CDK8S_OUTDIR set to its output folder; this runs the same pipeline as `npm run synth`
 * (load, generate, validate, atomic write) into that folder, so it gets exactly the
 * `dist/` layout. `npm run synth` stays the way to update the committed `dist/`: the
 * cdk8s CLI deletes its output folder before it starts the app (see
 * docs/synth-and-output.md), so cdk8s.yaml points it at build/cdk8s.out.
 */
import { loadFleetFromDir, processIo } from './io/cli-common';
import { synthCli } from './synth/synth';

const io = processIo();
const outDir = process.env.CDK8S_OUTDIR ?? 'dist';
process.exitCode = synthCli(['--out', outDir], io, { loadFleet: loadFleetFromDir });
