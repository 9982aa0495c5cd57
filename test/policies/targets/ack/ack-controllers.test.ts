import {
  ACK_GROUPS,
  ACK_KINDS,
  ACK_SOURCES,
  ackApiVersion,
  ackImportDirName,
  controllerOf,
} from '../../../../policies/targets/ack/ack-controllers';

describe('the pinned ACK controllers', () => {
  it('serve every kind the target writes exactly once, each from its CRD file under config/crd/bases', () => {
    const served = ACK_SOURCES.flatMap((s) => s.kinds.map((k) => k.kind));
    expect([...served].sort()).toEqual([...ACK_KINDS].sort());
    for (const s of ACK_SOURCES) {
      expect(s.repo).toBe(`aws-controllers-k8s/${s.controller}`);
      expect(s.commit).toMatch(/^[0-9a-f]{40}$/);
      for (const k of s.kinds) {
        expect(k.file).toMatch(
          new RegExp(`^config/crd/bases/${s.group.replace(/\./g, '\\.')}_[a-z]+\\.yaml$`),
        );
        expect(k.sha256).toMatch(/^[0-9a-f]{64}$/);
      }
    }
  });

  it('name the API version, controller and imports folder of a kind', () => {
    expect(ackApiVersion('Rule')).toBe('eventbridge.services.k8s.aws/v1alpha1');
    expect(ackApiVersion('AccessEntry')).toBe('eks.services.k8s.aws/v1alpha1');
    expect(controllerOf('Queue').controller).toBe('sqs-controller');
    expect(ackImportDirName(controllerOf('Role'))).toBe('ack-iam-controller-v1.8.1');
    expect(ACK_GROUPS).toEqual([
      'iam.services.k8s.aws',
      'sqs.services.k8s.aws',
      'eventbridge.services.k8s.aws',
      'eks.services.k8s.aws',
    ]);
  });
});
