import { execFileSync } from 'node:child_process';
import { BACKGROUND_NICE, runInBackground } from '../../../review/threads/background-thread';

describe('a background thread', () => {
  it('changes nothing where the nice value would apply to the whole process', () => {
    expect(runInBackground('darwin')).toBe(false);
    expect(runInBackground('win32')).toBe(false);
  });

  (process.platform === 'linux' ? it : it.skip)(
    "on Linux lowers the calling thread's priority and its children's, not the main thread's",
    () => {
      const worker = `
        const { runInBackground } = require(${JSON.stringify(require.resolve('../../../review/threads/background-thread'))});
        const os = require('os');
        const lowered = runInBackground('linux');
        const child = require('child_process').execFileSync('sh', ['-c', 'cut -d" " -f19 /proc/self/stat']).toString().trim();
        require('worker_threads').parentPort.postMessage({ lowered, thread: os.getPriority(0), child: Number(child) });
      `;
      const script = `
        require('ts-node/register/transpile-only');
        const { Worker } = require('worker_threads');
        const w = new Worker(${JSON.stringify(worker)}, { eval: true, execArgv: ['-r', 'ts-node/register/transpile-only'] });
        w.on('message', (m) => process.stdout.write(JSON.stringify({ ...m, main: require('os').getPriority(0) })));
      `;
      const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
        lowered: boolean;
        thread: number;
        child: number;
        main: number;
      };
      expect(out).toEqual({ lowered: true, thread: BACKGROUND_NICE, child: BACKGROUND_NICE, main: 0 });
    },
  );
});
