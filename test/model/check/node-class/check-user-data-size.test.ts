/** User data size checks. `demo.yaml` = MINIMAL (6 lines) + `nodeClasses:` (line 7) + `  d:` (line 8) + the body. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const nodeClass = (body: string) => `${MINIMAL}nodeClasses:\n  d:\n${body}`;

describe('user data size', () => {
  it('userData over the 16 KiB EC2 limit', () => {
    expect(
      errorsOfCluster(
        nodeClass(`    alias: al2023@v20260714\n    userData: "#!/bin/sh\\necho ${'u'.repeat(19985)}"\n`),
      ),
    ).toEqual([
      'clusters/demo.yaml:10:15 nodeClasses.d.userData: userData is 20000 bytes, more than the 16384 EC2 accepts. Move the bulk into a script the node downloads, and keep userData short.',
    ]);
  });
});
