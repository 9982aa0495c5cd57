/**
 * The AWS SDK's Node-version warning does not interleave with a command's output: loading the
 * SDK through io/aws-sdk.ts turns it off, and the command prints one note of its own instead.
 * The test run sets the switch for every other test (test/support/global-setup.ts); here it is
 * unset, and each case loads the module afresh.
 */
import { SDK_NODE_WARNING_SWITCH } from '../../io/aws-sdk';

type AwsSdkModule = typeof import('../../io/aws-sdk');

const saved = process.env[SDK_NODE_WARNING_SWITCH];
afterEach(() => {
  if (saved === undefined) delete process.env[SDK_NODE_WARNING_SWITCH];
  else process.env[SDK_NODE_WARNING_SWITCH] = saved;
  jest.restoreAllMocks();
});

function freshModule(switchValue: string | undefined): AwsSdkModule {
  if (switchValue === undefined) delete process.env[SDK_NODE_WARNING_SWITCH];
  else process.env[SDK_NODE_WARNING_SWITCH] = switchValue;
  let mod: AwsSdkModule | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mod = require('../../io/aws-sdk') as AwsSdkModule;
  });
  return mod as AwsSdkModule;
}

describe('nodeSupportNote', () => {
  const { nodeSupportNote } = freshModule(undefined);

  it('on Node.js 20: one line saying what the SDK would, once', () => {
    expect(nodeSupportNote('v20.19.0', undefined)).toBe(
      'note: Node.js v20.19.0 is past its end of life; AWS SDK releases after the first week of January 2027 need Node.js 22 or later (the SDK this version pins runs on v20.19.0). Upgrade Node.js to 22 or 24.',
    );
  });

  it('nothing on Node.js 22 and 24, or when the user set the SDK switch either way', () => {
    expect(nodeSupportNote('v22.12.0', undefined)).toBeUndefined();
    expect(nodeSupportNote('v24.1.0', undefined)).toBeUndefined();
    expect(nodeSupportNote('v20.19.0', 'true')).toBeUndefined();
    expect(nodeSupportNote('v20.19.0', 'false')).toBeUndefined();
  });
});

describe('loading the SDK', () => {
  it('turns the SDK warning off when the user did not set the switch: no process warning is emitted', () => {
    const mod = freshModule(undefined);
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const client = new (mod.awsSdk.iam().IAMClient)({ region: 'eu-west-1' });
    client.destroy();
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('NodeVersionSupportWarning'))).toEqual([]);
    expect(process.env[SDK_NODE_WARNING_SWITCH]).toBe('true');
    // The note reads the user's setting from before the load: unset.
    const expected = Number(process.versions.node.split('.')[0]) < 22 ? 'string' : 'undefined';
    expect(typeof mod.nodeSupportNote()).toBe(expected);
  });

  it("keeps the user's own setting", () => {
    const mod = freshModule('false');
    mod.awsSdk.iam();
    expect(process.env[SDK_NODE_WARNING_SWITCH]).toBe('false');
    expect(mod.nodeSupportNote('v20.19.0')).toBeUndefined();
  });
});
