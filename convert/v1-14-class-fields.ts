/**
 * The EC2NodeClass fields Karpenter 1.14 added (capacity reservations, network interfaces,
 * CPU options, placement group, IPv4 prefixes, connection tracking, context) → the node class
 * draft, under the same names. Values are carried over as written; the fleet loader checks
 * them (patterns, CEL rules, gates) when the converted description is loaded.
 */
import { DocumentContext } from './document-context';
import { CapacityReservationTermDraft, NetworkInterfaceDraft, NodeClassDraft } from './drafts';

const S = 'spec';

export function readV114ClassFields(ctx: DocumentContext, cls: NodeClassDraft): void {
  const terms = ctx.list([S, 'capacityReservationSelectorTerms']);
  if (terms) {
    cls.capacityReservationSelectorTerms = [];
    terms.forEach((_, i) => {
      const p = [S, 'capacityReservationSelectorTerms', i];
      if (!ctx.map(p)) return;
      ctx.dropUnknownKeys(
        p,
        ['id', 'ownerID', 'tags', 'instanceMatchCriteria'],
        'A capacity reservation selector term has only id, ownerID, tags and instanceMatchCriteria',
      );
      const term: CapacityReservationTermDraft = {};
      const id = ctx.str([...p, 'id']);
      if (id !== undefined) term.id = id;
      const owner = ctx.scalarString([...p, 'ownerID']);
      if (owner !== undefined) term.ownerID = owner;
      const tags = ctx.stringMap([...p, 'tags']);
      if (tags !== undefined) term.tags = tags;
      const criteria = ctx.str([...p, 'instanceMatchCriteria']);
      if (criteria !== undefined) term.instanceMatchCriteria = criteria;
      cls.capacityReservationSelectorTerms!.push(term);
    });
  }
  const nics = ctx.list([S, 'networkInterfaces']);
  if (nics) {
    cls.networkInterfaces = [];
    nics.forEach((_, i) => {
      const p = [S, 'networkInterfaces', i];
      if (!ctx.map(p)) return;
      ctx.dropUnknownKeys(
        p,
        ['networkCardIndex', 'deviceIndex', 'interfaceType'],
        'A network interface has only networkCardIndex, deviceIndex and interfaceType',
      );
      const nic: NetworkInterfaceDraft = {
        networkCardIndex: ctx.int([...p, 'networkCardIndex']),
        deviceIndex: ctx.int([...p, 'deviceIndex']),
        interfaceType: ctx.str([...p, 'interfaceType']),
      };
      cls.networkInterfaces!.push(nic);
    });
  }
  if (ctx.map([S, 'cpuOptions'])) {
    ctx.dropUnknownKeys(
      [S, 'cpuOptions'],
      ['nestedVirtualization'],
      'cpuOptions has only nestedVirtualization',
    );
    const nested = ctx.str([S, 'cpuOptions', 'nestedVirtualization']);
    cls.cpuOptions = nested === undefined ? {} : { nestedVirtualization: nested };
  }
  if (ctx.map([S, 'placementGroupSelector'])) {
    ctx.dropUnknownKeys(
      [S, 'placementGroupSelector'],
      ['id', 'name'],
      'placementGroupSelector has only id and name',
    );
    const id = ctx.str([S, 'placementGroupSelector', 'id']);
    const name = ctx.str([S, 'placementGroupSelector', 'name']);
    cls.placementGroupSelector = {
      ...(id !== undefined ? { id } : {}),
      ...(name !== undefined ? { name } : {}),
    };
  }
  const prefixes = ctx.int([S, 'ipPrefixCount']);
  if (prefixes !== undefined) cls.ipPrefixCount = prefixes;
  const ct = [S, 'connectionTracking'];
  if (ctx.map(ct)) {
    const keys = ['tcpEstablishedTimeout', 'udpStreamTimeout', 'udpTimeout'] as const;
    ctx.dropUnknownKeys(
      ct,
      keys,
      'connectionTracking has only tcpEstablishedTimeout, udpStreamTimeout and udpTimeout',
    );
    cls.connectionTracking = {};
    for (const key of keys) {
      const v = ctx.int([...ct, key]);
      if (v !== undefined) cls.connectionTracking[key] = v;
    }
  }
  const context = ctx.str([S, 'context']);
  if (context !== undefined) cls.context = context;
}
