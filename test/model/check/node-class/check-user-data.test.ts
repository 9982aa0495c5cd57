/** userData per AMI family: how Karpenter v1.14.1 merges it, and the traps. */
import { classifyNodeadmUserData } from '../../../../model/check/node-class/check-user-data';
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

/** Error lines only (Windows aliases also warn that @latest is not pinned). */
const onlyErrors = (lines: string[]) => lines.filter((l) => !/^\S+ warning:/.test(l));

const cls = (body: string) => `${MINIMAL}nodeClasses:\n  u:\n${body}`;

describe('userData checks', () => {
  it('classifies AL2023 userData like nodeadm.go parseUserData', () => {
    expect(classifyNodeadmUserData('MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n')).toBe(
      'mime',
    );
    expect(classifyNodeadmUserData('apiVersion: node.eks.aws/v1alpha1\nkind: NodeConfig\n')).toBe(
      'node-config',
    );
    expect(classifyNodeadmUserData('#cloud-config\nruncmd: [ls]\n')).toBe('node-config');
    expect(classifyNodeadmUserData('#!/bin/bash\necho hi\n')).toBe('shell');
    expect(classifyNodeadmUserData('echo hi\n')).toBe('shell');
  });

  it('AL2023: a script without #! is an error; a script with #! and a full NodeConfig pass', () => {
    expect(errorsOfCluster(cls('    alias: al2023@v20260714\n    userData: "echo hi\\nsleep 1"\n'))).toEqual([
      'clusters/demo.yaml:10:15 nodeClasses.u.userData: this AL2023 userData is neither a NodeConfig, a shell script (no #! line) nor MIME multi-part: Karpenter wraps it as a shell-script part that cloud-init cannot run. Start the script with #!/bin/bash, or write a NodeConfig (apiVersion: node.eks.aws/v1alpha1, kind: NodeConfig).',
    ]);
    const ok = loadCluster(
      cls(
        '    alias: al2023@v20260714\n    userData: |\n      apiVersion: node.eks.aws/v1alpha1\n      kind: NodeConfig\n      spec:\n        kubelet:\n          config:\n            shutdownGracePeriod: 30s\n',
      ),
    );
    expect(ok.warnings).toEqual([]);
  });

  it('AL2: neither #! nor MIME is an error', () => {
    // AL2 AMIs exist up to Kubernetes 1.32 (model/facts/ami-publication.ts).
    const al2 = `kubernetesVersion: "1.32"\n${cls('    alias: al2@v20250505\n    userData: "yum install -y jq"\n')}`;
    expect(errorsOfCluster(al2)).toEqual([
      'clusters/demo.yaml:11:15 nodeClasses.u.userData: this AL2 userData is neither a shell script (no #! line) nor MIME multi-part: Karpenter wraps it as a shell-script part that cloud-init cannot run. Start the script with #!/bin/bash, or write a MIME multi-part document.',
    ]);
  });

  it('Windows: own <powershell> tags are an error', () => {
    expect(
      onlyErrors(
        errorsOfCluster(
          cls(
            '    alias: windows2022@latest\n    allowLatestAmi: true\n    userData: "<powershell>Write-Host hi</powershell>"\n',
          ),
        ),
      ),
    ).toEqual([
      'clusters/demo.yaml:11:15 nodeClasses.u.userData: Karpenter already wraps Windows userData in <powershell> tags; nested tags break the script and its Start-EKSBootstrap.ps1 call. Remove the <powershell> and </powershell> tags and keep the commands.',
    ]);
  });

  it('Custom with userData is not warned about', () => {
    const { warnings } = loadCluster(
      cls(
        '    amiFamily: Custom\n    amiSelectorTerms:\n      - id: ami-0123456789abcdef0\n    userData: "#!/bin/bash\\n/etc/eks/bootstrap.sh demo"\n',
      ),
    );
    expect(warnings).toEqual([]);
  });
});
