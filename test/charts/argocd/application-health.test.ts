import { App, Chart } from 'cdk8s';
import {
  APPLICATION_HEALTH_KEY,
  APPLICATION_HEALTH_LUA,
  ArgoCdConfigPatch,
} from '../../../charts/argocd/application-health';
import { argoObjects, TICKETING } from './argo-fixtures';
import { runHealthLua } from './run-lua-health';

const chartSource = (version: string) => ({
  repoURL: 'public.ecr.aws/karpenter',
  chart: 'karpenter-crd',
  targetRevision: version,
});

/** A CRD Application whose spec was just bumped from 1.13.0 to 1.14.1 by the root. */
function child(status: Record<string, unknown> | undefined, operation?: unknown): unknown {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'ticketing-karpenter-crd' },
    spec: { source: chartSource('1.14.1') },
    ...(operation !== undefined ? { operation } : {}),
    ...(status !== undefined ? { status } : {}),
  };
}

const synced = (version: string, sync = 'Synced', health = 'Healthy') => ({
  sync: { status: sync, revision: version, comparedTo: { source: chartSource(version) } },
  health: { status: health },
});

describe('Application health check (argocd-cm override)', () => {
  it('is Progressing, not Healthy, while the status still describes the old spec (upgrade)', () => {
    // The child was Synced and Healthy at 1.13.0; the root has just applied 1.14.1.
    expect(runHealthLua(APPLICATION_HEALTH_LUA, child(synced('1.13.0')))).toEqual({
      status: 'Progressing',
      message: 'Waiting for the Application controller to compare the new spec',
    });
  });

  it('is Progressing before the first comparison', () => {
    expect(runHealthLua(APPLICATION_HEALTH_LUA, child(undefined)).status).toBe('Progressing');
  });

  it('is Progressing while the new spec is OutOfSync, even when its health reads Healthy (3.4+ leaves missing resources out)', () => {
    expect(runHealthLua(APPLICATION_HEALTH_LUA, child(synced('1.14.1', 'OutOfSync')))).toEqual({
      status: 'Progressing',
      message: 'Waiting for the Application to sync (OutOfSync)',
    });
  });

  it('is Progressing while a sync is pending or running, Degraded once it is retried after a failure', () => {
    expect(runHealthLua(APPLICATION_HEALTH_LUA, child(synced('1.14.1'), { sync: {} })).status).toBe(
      'Progressing',
    );
    const running = { ...synced('1.14.1'), operationState: { phase: 'Running', message: 'waiting' } };
    expect(runHealthLua(APPLICATION_HEALTH_LUA, child(running)).status).toBe('Progressing');
    const retrying = {
      ...synced('1.14.1', 'OutOfSync'),
      operationState: { phase: 'Running', retryCount: 2, message: 'one or more objects failed to apply' },
    };
    expect(runHealthLua(APPLICATION_HEALTH_LUA, child(retrying))).toEqual({
      status: 'Degraded',
      message: 'Sync failed and is being retried: one or more objects failed to apply',
    });
  });

  it('is Degraded when the last sync failed and the child is not Synced and Healthy', () => {
    const failed = {
      ...synced('1.14.1', 'OutOfSync'),
      operationState: { phase: 'Failed', message: 'EC2NodeClass default is Degraded' },
    };
    expect(runHealthLua(APPLICATION_HEALTH_LUA, child(failed))).toEqual({
      status: 'Degraded',
      message: 'Last sync failed: EC2NodeClass default is Degraded',
    });
  });

  it('is Healthy only when the current spec is Synced and Healthy', () => {
    const done = { ...synced('1.14.1'), operationState: { phase: 'Succeeded' } };
    expect(runHealthLua(APPLICATION_HEALTH_LUA, child(done))).toEqual({
      status: 'Healthy',
      message: 'Synced to 1.14.1 and Healthy',
    });
    expect(
      runHealthLua(APPLICATION_HEALTH_LUA, child(synced('1.14.1', 'Synced', 'Progressing'))).status,
    ).toBe('Progressing');
    expect(runHealthLua(APPLICATION_HEALTH_LUA, child(synced('1.14.1', 'Synced', 'Degraded'))).status).toBe(
      'Degraded',
    );
  });

  it('compares every source of a multi-source Application (the controller chart and its values ref)', () => {
    const sources = [
      { repoURL: 'public.ecr.aws/karpenter', chart: 'karpenter', targetRevision: '1.14.1' },
      { repoURL: 'https://git.example/gitops.git', targetRevision: 'main', ref: 'values' },
    ];
    const app = (compared: unknown[]) => ({
      spec: { sources },
      status: {
        sync: {
          status: 'Synced',
          revisions: ['1.14.1', 'abc'],
          comparedTo: { source: { repoURL: '' }, sources: compared },
        },
        health: { status: 'Healthy' },
      },
    });
    expect(runHealthLua(APPLICATION_HEALTH_LUA, app(sources)).status).toBe('Healthy');
    const old = [{ ...sources[0], targetRevision: '1.13.0' }, sources[1]];
    expect(runHealthLua(APPLICATION_HEALTH_LUA, app(old)).status).toBe('Progressing');
  });

  it('is generated as an argocd-cm patch holding only the override', () => {
    const app = new App({ outdir: '.', recordConstructMetadata: false });
    const chart = new Chart(app, 'c');
    const json = new ArgoCdConfigPatch(chart, 'p', { argocdNamespace: 'argocd' }).apiObject.toJson();
    expect(json).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'argocd-cm',
        namespace: 'argocd',
        labels: { 'app.kubernetes.io/name': 'argocd-cm', 'app.kubernetes.io/part-of': 'argocd' },
      },
      data: { [APPLICATION_HEALTH_KEY]: APPLICATION_HEALTH_LUA },
    });
    expect(APPLICATION_HEALTH_KEY).toBe('resource.customizations.health.argoproj.io_Application');
  });
});

describe('ordering facts the health check relies on (generated Applications)', () => {
  const objects = argoObjects(TICKETING);
  const app = (role: string) => objects.get(`ticketing/argocd/application-${role}.yaml`);
  const wave = (role: string) => Number(app(role).metadata.annotations['argocd.argoproj.io/sync-wave']);

  it('puts CRDs before the controller before the node pools, in the root’s waves', () => {
    expect([wave('base'), wave('crd'), wave('controller'), wave('nodepools')]).toEqual([-3, -2, -1, 0]);
  });

  it('carries the Karpenter version in the spec sources the health check compares', () => {
    const version = TICKETING.karpenter.version;
    expect(app('crd').spec.source).toMatchObject({ chart: 'karpenter-crd', targetRevision: version });
    expect(app('controller').spec.sources[0]).toMatchObject({ chart: 'karpenter', targetRevision: version });
    // A version bump changes these fields, so the bumped child reads Progressing until compared and synced.
    const bumped = {
      spec: app('crd').spec,
      status: {
        sync: {
          status: 'Synced',
          comparedTo: { source: { ...app('crd').spec.source, targetRevision: '1.0.14' } },
        },
        health: { status: 'Healthy' },
      },
    };
    expect(runHealthLua(APPLICATION_HEALTH_LUA, bumped).status).toBe('Progressing');
  });
});
