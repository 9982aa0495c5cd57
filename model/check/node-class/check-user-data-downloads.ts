/**
 * userData lines that run what the network hands them: `curl`/`wget` of a plain `http://` URL
 * (anyone on the path can change it) and downloads piped into a shell (`| sh`, `| bash`: nothing
 * is checked before it runs as root). Warnings at the line inside the userData block.
 */
import { CheckContext } from '../check-context';
import { formatPath, PathSegment } from '../../parse/located';
import { RawNodeClass } from '../../parse/raw-fleet';
import { userDataPosition } from './user-data-position';

const PLAIN_HTTP = /\b(curl|wget)\b.*?(http:\/\/)/;
const PIPE_TO_SHELL = /\|\s*(sudo\s+(-\S+\s+)*)?(\/(usr\/)?bin\/)?(ba|da|z|k)?sh\b/;

export function checkUserDataDownloads(ctx: CheckContext, className: string, nc: RawNodeClass): void {
  if (nc.userData === undefined) return;
  const path: PathSegment[] = ['nodeClasses', className, 'userData'];
  const toFleet = userDataPosition(ctx, path);
  nc.userData.split('\n').forEach((line, i) => {
    const http = PLAIN_HTTP.exec(line);
    if (http) {
      ctx.diagnostics.push({
        severity: 'warning',
        ...toFleet({ line: i + 1, col: http.index + http[0].length - http[2].length + 1 }),
        path: formatPath(path),
        message: `${http[1]} downloads over plain HTTP: anyone on the network path can change what every node runs at boot`,
        fix: 'Use an https:// URL (or copy the file from S3 with the node role)',
      });
    }
    const pipe = PIPE_TO_SHELL.exec(line);
    if (pipe) {
      ctx.diagnostics.push({
        severity: 'warning',
        ...toFleet({ line: i + 1, col: pipe.index + 1 }),
        path: formatPath(path),
        message:
          'this line pipes text into a shell: whatever the server returns runs as root on every node, unchecked',
        fix: 'Download to a file, check its checksum (sha256sum -c) or signature, then run it',
      });
    }
  });
}
