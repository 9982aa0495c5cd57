import { crossCheckBuffers } from '../../validation/buffer-cross-checks';
import { parseManifests } from '../../validation/manifest-source';
import { validateManifests } from '../../validation/kubernetes/validate-manifests';

const template = (namespace: string) => `apiVersion: v1
kind: PodTemplate
metadata:
  name: chunk
  namespace: ${namespace}
template:
  spec:
    containers:
      - name: pause
        image: pause
`;
const buffer = (annotations = '') => `apiVersion: autoscaling.x-k8s.io/v1beta1
kind: CapacityBuffer
metadata:
  name: headroom
  namespace: capacity-buffers
${annotations}spec:
  podTemplateRef:
    name: chunk
  replicas: 2
`;
const docs = (files: Record<string, string>) =>
  Object.entries(files).flatMap(([file, text]) => parseManifests(file, text));

describe('capacity buffer cross-checks', () => {
  it('accepts a buffer whose PodTemplate is in dist/ in the same namespace', () => {
    expect(
      crossCheckBuffers('c', docs({ 'b.yaml': buffer(), 't.yaml': template('capacity-buffers') })),
    ).toEqual([]);
  });

  it('refuses a buffer whose PodTemplate is missing, at the reference', () => {
    expect(crossCheckBuffers('c', docs({ 'b.yaml': buffer() }))).toEqual([
      {
        file: 'b.yaml',
        document: 0,
        object: 'CapacityBuffer/headroom',
        severity: 'error',
        line: 8,
        col: 5,
        path: 'spec.podTemplateRef.name',
        check: 'cross/pod-template-ref',
        message:
          "podTemplateRef names PodTemplate 'chunk', which cluster c does not define in namespace capacity-buffers",
        fix: 'Add the PodTemplate to dist/ (podTemplates in the fleet file), or annotate the buffer karpenter-gitops/existing-pod-template: "true" when it already exists in the cluster',
      },
    ]);
  });

  it('names the namespace the PodTemplate is in when it is another one', () => {
    const [f] = crossCheckBuffers('c', docs({ 'b.yaml': buffer(), 't.yaml': template('web') }));
    expect(f.message).toBe(
      "podTemplateRef names PodTemplate 'chunk', which cluster c defines in namespace web, not in the buffer's namespace capacity-buffers",
    );
  });

  it('skips buffers annotated as naming an existing PodTemplate', () => {
    const annotated = buffer('  annotations:\n    karpenter-gitops/existing-pod-template: "true"\n');
    expect(crossCheckBuffers('c', docs({ 'b.yaml': annotated }))).toEqual([]);
  });

  it('the validator knows CapacityBuffer: schema and CEL rules of the 1.14.1 CRD, unknown kind in 1.0.14', () => {
    const both = `apiVersion: autoscaling.x-k8s.io/v1beta1
kind: CapacityBuffer
metadata:
  name: headroom
  namespace: capacity-buffers
spec:
  podTemplateRef:
    name: chunk
  scalableRef:
    kind: Deployment
    name: web
  replicas: -1
`;
    const findings = validateManifests(parseManifests('b.yaml', both));
    expect(findings.map((f) => `${f.line}:${f.col} ${f.check} ${f.path}: ${f.message}`)).toEqual([
      '12:3 schema/minimum spec.replicas: number -1 must be >= 0',
      '6:1 cel spec: You must define either PodTemplateRef or ScalableRef, but not both',
    ]);
    expect(
      validateManifests(parseManifests('b.yaml', buffer()), { karpenterVersion: '1.0.14' }).map(
        (f) => f.check,
      ),
    ).toEqual(['document/unknown-kind']);
  });
});
