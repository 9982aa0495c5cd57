/** The YAML library's errors in our words, at their line and column. */
import { LineCounter, parseAllDocuments } from 'yaml';
import { yamlErrors } from '../../../model/parse/yaml-errors';

function errorsOf(text: string) {
  const lineCounter = new LineCounter();
  const [doc] = parseAllDocuments(text, { lineCounter, prettyErrors: false });
  return yamlErrors(doc as Exclude<typeof doc, undefined>, (offset) => ({
    file: 'clusters/demo.yaml',
    ...lineCounter.linePos(offset),
  }));
}

describe('yamlErrors', () => {
  it('words a known error code our way, at its position (the end of the unclosed string)', () => {
    expect(errorsOf('aws:\n  region: "eu-west-1\n')).toEqual([
      {
        severity: 'error',
        file: 'clusters/demo.yaml',
        line: 3,
        col: 1,
        path: '',
        message: 'YAML syntax error: a closing quote or bracket is missing',
        fix: 'Close every quote, [ and { you open',
      },
    ]);
  });

  it('has no diagnostics for a document without errors', () => {
    expect(errorsOf('aws:\n  region: eu-west-1\n')).toEqual([]);
  });
});
