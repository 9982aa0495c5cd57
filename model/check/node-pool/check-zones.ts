/**
 * Zones in node pool requirements against the cluster's region: the `zones` shorthand and
 * raw requirements on topology.kubernetes.io/zone take zone names (eu-west-1a), raw
 * requirements on topology.k8s.aws/zone-id take zone IDs (euw1-az1). A zone of another
 * region, or a zone ID where a name belongs, would leave the pool unable to launch a node.
 * See model/facts/aws-regions.ts for where the facts come from.
 */
import {
  regionOfZoneId,
  regionOfZoneName,
  isZoneIdForm,
  zoneIdPrefix,
  partitionOfRegion,
} from '../../facts/aws-regions';
import { CheckContext } from '../check-context';
import { labelValueProblem } from '../check-labels';
import { LABELS } from '../../facts/constants';
import { PathSegment } from '../../parse/located';
import { RawNodePool } from '../../parse/raw-fleet';
import { requirementSites } from '../../parse/requirement-sites';
import { show } from '../../shared/show-value';

export function checkZones(
  ctx: CheckContext,
  name: string,
  pool: RawNodePool,
  region: string | undefined,
): void {
  // An unknown region is reported on its own; zones cannot be checked against it.
  if (region === undefined || partitionOfRegion(region) === undefined) return;
  const at = (...rest: PathSegment[]): PathSegment[] => ['nodePools', name, ...rest];
  for (const site of requirementSites(pool, at)) {
    if (site.operator !== 'In' && site.operator !== 'NotIn') continue;
    site.values.forEach((value, j) => {
      // Not a label value at all: reported as such by check-node-pool.ts.
      if (labelValueProblem(value) !== undefined) return;
      const path = site.valuePath(j);
      if (site.key === LABELS.zone) {
        if (isZoneIdForm(value)) {
          ctx.error(
            path,
            `'${show(value)}' is a zone ID, but ${site.label} takes zone names`,
            `Write the zone name (e.g. ${region}a), or put zone IDs in a requirement on ${LABELS.zoneId}`,
          );
          return;
        }
        const zoneRegion = regionOfZoneName(value);
        if (zoneRegion === region) return;
        ctx.error(
          path,
          zoneRegion !== undefined
            ? `zone '${show(value)}' is in region ${zoneRegion}, but this cluster is in ${region}`
            : `'${show(value)}' is not a zone of region ${region}`,
          `Write a zone of ${region}: the region followed by a zone letter, e.g. ${region}a`,
        );
      } else if (site.key === LABELS.zoneId) {
        const prefix = zoneIdPrefix(region);
        const zoneRegion = isZoneIdForm(value) ? regionOfZoneId(value) : undefined;
        if (zoneRegion === region) return;
        ctx.error(
          path,
          zoneRegion !== undefined
            ? `zone ID '${show(value)}' is in region ${zoneRegion}, but this cluster is in ${region}`
            : `'${show(value)}' is not a zone ID of region ${region}`,
          prefix !== undefined
            ? `Write a zone ID of ${region}, e.g. ${prefix}-az1 (aws ec2 describe-availability-zones lists them)`
            : `Write a zone ID of ${region} (aws ec2 describe-availability-zones lists them)`,
        );
      }
    });
  }
}
