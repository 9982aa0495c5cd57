import { ConversionLog, formatReport, formatReportEntry, ReportEntry } from '../../convert/conversion-report';

const entry = (over: Partial<ReportEntry>): ReportEntry => ({
  level: 'info',
  action: 'moved',
  file: 'a.yaml',
  line: 3,
  col: 5,
  source: 'NodePool/x spec.disruption.expireAfter',
  target: 'nodePools.x.expireAfter',
  message: 'moved',
  reason: 'because',
  ...over,
});

test('an entry reads file:line:col, level, action, source -> target, what and why', () => {
  expect(formatReportEntry(entry({}))).toBe(
    'a.yaml:3:5 [moved] NodePool/x spec.disruption.expireAfter -> nodePools.x.expireAfter: moved. because.',
  );
  expect(formatReportEntry(entry({ level: 'warning', action: 'dropped', target: '', line: 0 }))).toBe(
    'a.yaml WARNING [dropped] NodePool/x spec.disruption.expireAfter: moved. because.',
  );
});

test('the log sorts entries by file and position but keeps the order of entries at one place', () => {
  const log = new ConversionLog();
  log.add(entry({ file: 'b.yaml', line: 1, message: 'b1' }));
  log.add(entry({ line: 9, message: 'a9' }));
  log.add(entry({ line: 2, message: 'a2-first' }));
  log.add(entry({ line: 2, message: 'a2-second' }));
  expect(log.entries.map((e) => e.message)).toEqual(['a2-first', 'a2-second', 'a9', 'b1']);
  expect(log.hasErrors).toBe(false);
  log.error({ file: 'a.yaml', line: 1, col: 1, path: 'document 1', message: 'bad', fix: 'Fix it' });
  expect(log.hasErrors).toBe(true);
});

test('the report lists errors, then changes, then a summary', () => {
  const text = formatReport(
    [entry({}), entry({ level: 'warning' })],
    [
      {
        severity: 'error',
        file: 'a.yaml',
        line: 1,
        col: 1,
        path: 'document 1',
        message: 'is broken',
        fix: 'Fix it',
      },
    ],
  );
  expect(text.split('\n')).toEqual([
    'Errors:',
    '  a.yaml:1:1 document 1: is broken. Fix it.',
    'Changes:',
    '  a.yaml:3:5 [moved] NodePool/x spec.disruption.expireAfter -> nodePools.x.expireAfter: moved. because.',
    '  a.yaml:3:5 WARNING [moved] NodePool/x spec.disruption.expireAfter -> nodePools.x.expireAfter: moved. because.',
    'Conversion report: 2 change(s), 1 warning(s) to review, 1 error(s).',
    '',
  ]);
});
