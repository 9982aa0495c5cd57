import { PassThrough } from 'node:stream';
import { linePrompts } from '../../io/line-prompts';

/** An input stream and the text written to the output. */
function streams(): { input: PassThrough; output: PassThrough; written: () => string } {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (d: Buffer) => (text += d.toString()));
  return { input, output, written: () => text };
}

describe('linePrompts', () => {
  it('keeps every answer of one chunk and gives them to the questions in order', async () => {
    const s = streams();
    const prompts = linePrompts(s.input, s.output);
    const first = prompts.ask('cluster: ');
    s.input.write('shop\n111122223333\n  eu-west-1  \n');
    expect(await first).toBe('shop');
    expect(await prompts.ask('account: ')).toBe('111122223333');
    expect(await prompts.ask('region: ')).toBe('eu-west-1');
    prompts.close();
    expect(s.written()).toBe('cluster: account: 111122223333\nregion:   eu-west-1  \n');
  });

  it('keeps answers that arrive before the first question, and waits for the ones still to come', async () => {
    const s = streams();
    s.input.write('a\nb\n');
    const prompts = linePrompts(s.input, s.output);
    expect(await prompts.ask('1? ')).toBe('a');
    expect(await prompts.ask('2? ')).toBe('b');
    const third = prompts.ask('3? ');
    s.input.write('c\n');
    expect(await third).toBe('c');
    prompts.close();
  });

  it('answers the end of input (Ctrl+D) with an empty string, never an error, even for later questions', async () => {
    const s = streams();
    const prompts = linePrompts(s.input, s.output);
    const first = prompts.ask('cluster: ');
    s.input.end('shop\n');
    expect(await first).toBe('shop');
    expect(await prompts.ask('account: ')).toBe('');
    expect(await prompts.ask('region: ')).toBe('');
    expect(s.written()).toBe('cluster: account: \nregion: \n');
  });

  it('a question waiting when the input ends gets an empty string', async () => {
    const s = streams();
    const prompts = linePrompts(s.input, s.output);
    const waiting = prompts.ask('cluster: ');
    s.input.end();
    expect(await waiting).toBe('');
  });

  it('does not read the input before the first question; close() is safe twice and ends the questions', async () => {
    const s = streams();
    const prompts = linePrompts(s.input, s.output);
    expect(s.input.listenerCount('data')).toBe(0);
    const pending = prompts.ask('q: ');
    expect(await Promise.race([pending, new Promise((r) => setImmediate(() => r('still waiting')))])).toBe(
      'still waiting',
    );
    expect(s.input.listenerCount('data')).toBeGreaterThan(0);
    prompts.close();
    expect(await pending).toBe('');
    prompts.close();
    expect(await prompts.ask('again: ')).toBe('');
  });
});
