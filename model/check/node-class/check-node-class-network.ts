/**
 * Checks of an EC2NodeClass's networking and placement fields (Karpenter 1.14.1): network
 * interfaces (EFA), placement group, IPv4 prefixes and connection tracking, with the CEL
 * rules of the 1.14.1 EC2NodeClass CRD reported at the fleet-file line.
 */
import { CheckContext } from '../check-context';
import { nodeAt, PathSegment } from '../../parse/located';
import { RawNodeClass } from '../../parse/raw-fleet';
import { show } from '../../shared/show-value';

/** The CRD's `maxItems` of `networkInterfaces`. */
const MAX_NETWORK_INTERFACES = 150;
/** The CRD's pattern of `placementGroupSelector.id`. */
export const PLACEMENT_GROUP_ID = /^pg-[0-9a-z]+$/;

export function checkNodeClassNetwork(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  nc: RawNodeClass,
): void {
  const nics = nc.networkInterfaces;
  if (nics !== undefined && nics.length > 0) {
    if (nics.length > MAX_NETWORK_INTERFACES) {
      ctx.error(
        at('networkInterfaces'),
        `${nics.length} network interfaces, more than the ${MAX_NETWORK_INTERFACES} an EC2NodeClass may have`,
        'List one interface per network card and device index that the instance types have',
        'key',
      );
    }
    const primary = nics.some(
      (n) => n.networkCardIndex === 0 && n.deviceIndex === 0 && n.interfaceType === 'interface',
    );
    if (!primary) {
      ctx.error(
        at('networkInterfaces'),
        'the network interfaces include no primary interface (networkCardIndex 0, deviceIndex 0, interfaceType interface)',
        'Add { networkCardIndex: 0, deviceIndex: 0, interfaceType: interface } (the primary interface carries the node IP)',
        'key',
      );
    }
    const seenPairs = new Map<string, number>();
    const efaPerCard = new Map<number, number>();
    nics.forEach((n, i) => {
      const pair = `${n.networkCardIndex}/${n.deviceIndex}`;
      const first = seenPairs.get(pair);
      if (first !== undefined) {
        ctx.error(
          at('networkInterfaces', i),
          `network card ${n.networkCardIndex}, device ${n.deviceIndex} is already used by networkInterfaces[${first}]`,
          'Give every interface its own networkCardIndex and deviceIndex pair',
        );
      } else seenPairs.set(pair, i);
      if (n.interfaceType === 'efa-only') {
        const before = efaPerCard.get(n.networkCardIndex);
        if (before !== undefined) {
          ctx.error(
            at('networkInterfaces', i, 'interfaceType'),
            `network card ${n.networkCardIndex} already has an efa-only interface (networkInterfaces[${before}])`,
            'Keep at most one efa-only interface per network card',
          );
        } else efaPerCard.set(n.networkCardIndex, i);
      }
    });
  }

  const pg = nc.placementGroupSelector;
  if (pg !== undefined) {
    if ((pg.id === undefined) === (pg.name === undefined)) {
      ctx.error(
        at('placementGroupSelector'),
        pg.id === undefined
          ? 'the placement group selector names no placement group'
          : 'id and name are both set',
        'Give exactly one: { id: pg-... } or { name: <placement group name> }',
        'key',
      );
    }
    if (pg.id !== undefined && !PLACEMENT_GROUP_ID.test(pg.id)) {
      ctx.error(
        at('placementGroupSelector', 'id'),
        `'${show(pg.id)}' is not a placement group ID`,
        'Write pg- followed by lower-case letters and digits, or select by name',
      );
    }
    if (pg.name === '') {
      ctx.error(
        at('placementGroupSelector', 'name'),
        'the placement group name is empty',
        'Give the name of the placement group',
      );
    }
  }

  // Judged on what was written: a timeout the schema refused (and pruned) still counts as set.
  const written = nodeAt(ctx.root, at('connectionTracking'));
  if (nc.connectionTracking !== undefined && written?.kind === 'map' && written.entries.size === 0) {
    ctx.error(
      at('connectionTracking'),
      'connection tracking sets no timeout',
      'Set at least one of tcpEstablishedTimeout, udpStreamTimeout or udpTimeout, or remove connectionTracking',
      'key',
    );
  }
}
