/**
 * Questions asked on a terminal, answered line by line from one input for the whole run.
 *
 * One readline interface serves every question: lines that arrive before their question (several
 * answers pasted at once, or typed ahead) wait in a queue and answer the next questions in order.
 * An interface per question would lose them: closing it drops what it has already read.
 *
 * The input is opened at the first question, not before, so a command that asks nothing never
 * touches stdin, and closed once by `close()`. When the input ends (Ctrl+D, or the end of piped
 * input) every question still unanswered gets '' (a missing value the command reports), never
 * an error.
 */
import { createInterface, Interface } from 'node:readline';

export interface LinePrompts {
  /**
   * Writes `question` and resolves to the next line of input, trimmed; '' once the input has
   * ended. A line already waiting answers at once (shown after the question).
   */
  readonly ask: (question: string) => Promise<string>;
  /** Closes the input (once; later calls do nothing). Questions after it are answered ''. */
  readonly close: () => void;
}

/** Questions on `output`, answers from `input` (a terminal, or any stream of lines in tests). */
export function linePrompts(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): LinePrompts {
  let rl: Interface | undefined;
  let ended = false;
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];

  const open = (): Interface => {
    const created = createInterface({ input, output });
    created.on('line', (line) => {
      const answer = waiting.shift();
      if (answer === undefined) lines.push(line);
      else answer(line);
    });
    created.on('close', () => {
      ended = true;
      // The question on screen ends its line, so what is printed next starts on a fresh one.
      if (waiting.length > 0) output.write('\n');
      for (const answer of waiting.splice(0)) answer('');
    });
    return created;
  };

  return {
    ask: (question) => {
      const queued = lines.shift();
      if (queued !== undefined) {
        output.write(`${question}${queued}\n`);
        return Promise.resolve(queued.trim());
      }
      if (ended) {
        output.write(`${question}\n`);
        return Promise.resolve('');
      }
      rl ??= open();
      const current = rl;
      return new Promise((resolve) => {
        waiting.push((line) => resolve(line.trim()));
        current.setPrompt(question);
        current.prompt();
      });
    },
    close: () => {
      if (ended) return;
      ended = true;
      rl?.close();
    },
  };
}
