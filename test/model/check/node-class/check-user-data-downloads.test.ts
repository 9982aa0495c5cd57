/** Plain-HTTP downloads and pipes into a shell in userData, at the line inside the block. */
import { formatDiagnostic } from '../../../../model/shared/diagnostics';
import { loadCluster, MINIMAL } from '../../../support/fleet-files';

const withUserData = (lines: string[]) =>
  loadCluster(
    `${MINIMAL}nodeClasses:\n  default:\n    alias: al2023@v20260714\n    userData: |\n${lines.map((l) => `      ${l}\n`).join('')}`,
  ).warnings.map(formatDiagnostic);

describe('userData downloads', () => {
  it('curl of http:// and a pipe into bash, each at its line', () => {
    expect(
      withUserData([
        '#!/bin/bash',
        'curl -fsSL https://example.com/ok.sh -o /tmp/ok.sh',
        'wget -q http://mirror.example.com/agent.rpm',
        'curl -fsSL https://get.example.com | sudo bash -s',
      ]),
    ).toEqual([
      'clusters/demo.yaml:13:15 warning: nodeClasses.default.userData: wget downloads over plain HTTP: anyone on the network path can change what every node runs at boot. Use an https:// URL (or copy the file from S3 with the node role).',
      'clusters/demo.yaml:14:42 warning: nodeClasses.default.userData: this line pipes text into a shell: whatever the server returns runs as root on every node, unchecked. Download to a file, check its checksum (sha256sum -c) or signature, then run it.',
    ]);
  });
  it('| sh and a plain http URL that is not downloaded are told apart', () => {
    expect(withUserData(['#!/bin/bash', 'echo see http://example.com', 'cat x | sh'])).toEqual([
      'clusters/demo.yaml:13:13 warning: nodeClasses.default.userData: this line pipes text into a shell: whatever the server returns runs as root on every node, unchecked. Download to a file, check its checksum (sha256sum -c) or signature, then run it.',
    ]);
  });
});
