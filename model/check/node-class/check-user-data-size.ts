/** EC2's limit on user data. */
import { CheckContext } from '../check-context';
import { PathSegment } from '../../parse/located';

/** EC2 user data limit (raw, before base64). */
export const MAX_USER_DATA_BYTES = 16 * 1024;

export function checkUserDataSize(
  ctx: CheckContext,
  path: PathSegment[],
  userData: string | undefined,
): void {
  if (userData !== undefined && Buffer.byteLength(userData, 'utf8') > MAX_USER_DATA_BYTES) {
    ctx.error(
      path,
      `userData is ${Buffer.byteLength(userData, 'utf8')} bytes, more than the ${MAX_USER_DATA_BYTES} EC2 accepts`,
      'Move the bulk into a script the node downloads, and keep userData short',
    );
  }
}
