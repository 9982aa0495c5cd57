/**
 * How the review commands that produce one text (`impact`, `report`) hand it to the user: to
 * `--output FILE` (relative to the working folder; its folder is created) or to stdout; a mistake in the fleet or the
 * command's input prints its diagnostics and exits 1, with nothing written.
 */
import * as fs from 'fs';
import * as path from 'path';
import { CliIo, EXIT_OK, EXIT_USER_ERROR } from '../io/cli-common';
import { formatDiagnostic, sortDiagnostics, UserError } from '../model';

export function emitText(produce: () => string, output: string | undefined, io: CliIo): number {
  try {
    const text = produce();
    if (output) {
      const file = path.resolve(io.cwd, output);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    } else io.out(text.replace(/\n$/, ''));
    return EXIT_OK;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    for (const d of sortDiagnostics(e.diagnostics)) io.err(formatDiagnostic(d));
    return EXIT_USER_ERROR;
  }
}
