/** Node class bottlerocket block checks. `demo.yaml` = MINIMAL (6 lines) + `nodeClasses:` (line 7) + `  d:` (line 8) + the body. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const nodeClass = (body: string) => `${MINIMAL}nodeClasses:\n  d:\n${body}`;

describe('bottlerocket block', () => {
  it('userData and bottlerocket not both', () => {
    expect(
      errorsOfCluster(
        nodeClass(
          '    alias: bottlerocket@v1.39.1\n    userData: "x"\n    bottlerocket:\n      settings: { kernel: { lockdown: integrity } }\n',
        ),
      ),
    ).toEqual([
      'clusters/demo.yaml:11:5 nodeClasses.d.bottlerocket: userData and bottlerocket are both set. Keep one: bottlerocket.settings is rendered to userData.',
    ]);
  });

  it('bottlerocket settings need a Bottlerocket AMI and TOML-able values', () => {
    expect(
      errorsOfCluster(
        nodeClass('    alias: al2023@v20260714\n    bottlerocket:\n      settings:\n        motd: ~\n'),
      ),
    ).toEqual([
      'clusters/demo.yaml:10:5 nodeClasses.d.bottlerocket: bottlerocket settings need a Bottlerocket AMI, but the AMI family is AL2023. Use alias: bottlerocket@v1.39.1, or write userData for this family.',
      'clusters/demo.yaml:12:15 nodeClasses.d.bottlerocket.settings.motd: cannot be written to TOML: an empty value cannot be written to TOML. Give every setting a value.',
    ]);
  });
});
