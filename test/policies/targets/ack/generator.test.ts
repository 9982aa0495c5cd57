import { awsSideModel } from '../../../../policies/aws-side';
import { readAckManifest } from '../../../../policies/targets/ack/ack-impact-view';
import { ackObjects } from '../../../../policies/targets/ack/ack-manifests';
import { ackFiles, renderAckManifest } from '../../../../policies/targets/ack/generator';
import { clusterModel } from '../../fixtures';

describe('ack files', () => {
  it('writes the manifest and the proof record, and the key-policy note only with customer keys', () => {
    const plain = clusterModel({ name: 'shop', aws: { managedBy: 'ack' } });
    expect([...ackFiles(plain, awsSideModel(plain)).keys()]).toEqual([
      'shop/ack/karpenter.yaml',
      'shop/ack/policy-proof.txt',
    ]);
    const keyed = clusterModel({
      name: 'shop',
      aws: { managedBy: 'ack' },
      queueKmsKeyArn: 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab',
    });
    const files = ackFiles(keyed, awsSideModel(keyed));
    const note = files.get('shop/ack/key-policy-statements.md')?.text ?? '';
    expect(note).toContain(
      '## Interruption queue key arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab',
    );
    expect(note).toContain(JSON.stringify(awsSideModel(keyed).keyPolicies.queue?.statement, null, 2));
  });

  it('reads back as the objects it renders, byte-identical on a second render', () => {
    const c = clusterModel({ aws: { managedBy: 'ack' } });
    const text = renderAckManifest(c, awsSideModel(c));
    expect(renderAckManifest(c, awsSideModel(c))).toBe(text);
    expect(readAckManifest(text)).toEqual(JSON.parse(JSON.stringify(ackObjects(c, awsSideModel(c)))));
  });
});
