/** Selector term checks. `demo.yaml` = MINIMAL (6 lines) + `nodeClasses:` (line 7) + `  d:` (line 8) + the body. */
import { errorsOfCluster, MINIMAL } from '../../../support/fleet-files';

const nodeClass = (body: string) => `${MINIMAL}nodeClasses:\n  d:\n${body}`;

describe('selector terms', () => {
  it('a security group selected by name is a term of its own', () => {
    expect(
      errorsOfCluster(
        nodeClass(
          '    alias: al2023@v20260714\n    securityGroupSelectorTerms:\n      - name: web\n        tags: { a: b }\n',
        ),
      ),
    ).toEqual([
      'clusters/demo.yaml:11:15 nodeClasses.d.securityGroupSelectorTerms[0].name: name cannot be combined with other fields in one selector term. Put the name in a term of its own.',
    ]);
  });

  it('IDs of subnets, security groups and AMIs', () => {
    expect(
      errorsOfCluster(
        nodeClass(
          '    amiFamily: AL2023\n    amiSelectorTerms:\n      - id: ｆｕｌｌ\n    subnetSelectorTerms:\n      - id: "-"\n    securityGroupSelectorTerms:\n      - id: subnet-1\n',
        ),
      ),
    ).toEqual([
      "clusters/demo.yaml:11:13 nodeClasses.d.amiSelectorTerms[0].id: 'ｆｕｌｌ' is not an AMI ID. Write ami- followed by lower-case letters and digits.",
      "clusters/demo.yaml:13:13 nodeClasses.d.subnetSelectorTerms[0].id: '-' is not a subnet ID. Write subnet- followed by lower-case letters and digits.",
      "clusters/demo.yaml:15:13 nodeClasses.d.securityGroupSelectorTerms[0].id: 'subnet-1' is not a security group ID. Write sg- followed by lower-case letters and digits.",
    ]);
  });
});
