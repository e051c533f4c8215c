import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The message every refused connection carries (connection tests show it as is). */
export const REFUSED_BY_POLICY = 'refused by policy';

/** A connection the egress policy does not allow. `reason` is for the server's log, not for the caller. */
export class EgressRefusedError extends Error {
  readonly code = 'EGRESS_REFUSED';

  constructor(
    readonly target: string,
    readonly reason: string,
  ) {
    super(`Connection to ${target} ${REFUSED_BY_POLICY}`);
    this.name = 'EgressRefusedError';
  }
}

export function isEgressRefused(error: unknown): error is EgressRefusedError {
  return error instanceof EgressRefusedError;
}

/** Fixed rules, from the configuration. */
export interface EgressRules {
  /** CIDR ranges opened beyond the defaults (`EGRESS_ALLOW`). Link-local addresses stay refused. */
  allow: readonly string[];
  /** This server's listening ports (API, metrics, ops): refused on every address of this host. */
  ownPorts: readonly number[];
  /** Port of the embedded demo broker: on this host, only the organisation that owns the demo may use it. */
  demoBrokerPort: number | null;
}

/** What the rules depend on that changes while the server runs. */
export interface EgressTenancy {
  /** True once sign-up has created organisations beside the first one. */
  shared(): Promise<boolean>;
  /** The organisation that owns the demo network (the first one), null when there is none yet. */
  demoOwner(): Promise<number | null>;
}

/** For a process whose only targets are the operator's (SMTP): no organisation is ever the caller. */
export const OPERATOR_TENANCY: EgressTenancy = {
  shared: () => Promise.resolve(false),
  demoOwner: () => Promise.resolve(null),
};

/** Who asks. `operator`: a target set by whoever runs the server (SMTP_URL), not by an organisation's user. */
export type EgressCaller = { organizationId: number } | { operator: true };

export interface PinnedTarget {
  /** The name as given: TLS servername and HTTP Host header. */
  host: string;
  /** The one address the connection goes to. */
  address: string;
  family: 4 | 6;
  port: number;
}

export type HostLookup = (host: string) => Promise<{ address: string; family: number }>;

const defaultLookup: HostLookup = (host) => dnsLookup(host, { verbatim: true });

/** Never reachable: link-local (cloud metadata services live there) and the "this host" range. */
const ALWAYS_REFUSED: [Address, number][] = [
  '169.254.0.0/16',
  '0.0.0.0/8',
  'fe80::/10',
  'fd00:ec2::254/128',
  '::/128',
].map((cidr) => ipaddr.parseCIDR(cidr));

/** Ranges that only a single-organisation install reaches by default. */
const INTERNAL_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat', 'unspecified']);
/** Ranges nothing legitimate is reached at. */
const NEVER_RANGES = new Set(['broadcast', 'multicast', 'reserved', 'linkLocal']);

/**
 * The one check every outbound connection goes through: data-source brokers and their tests, TTN HTTP, webhooks and
 * SMTP. The host name is resolved once here; the caller connects to the returned address (keeping the name for TLS
 * and the Host header), so that a second resolution cannot lead elsewhere.
 */
export class EgressPolicy {
  private readonly allow: [Address, number][];

  constructor(
    private readonly rules: EgressRules,
    private readonly tenancy: EgressTenancy,
    private readonly lookup: HostLookup = defaultLookup,
  ) {
    this.allow = rules.allow.map((cidr) => ipaddr.parseCIDR(cidr));
  }

  /** Resolves `host` once and checks the address; throws EgressRefusedError when the policy refuses it. */
  async resolve(host: string, port: number, caller: EgressCaller): Promise<PinnedTarget> {
    const name = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
    const found = isIP(name) ? { address: name, family: isIP(name) } : await this.lookup(name);
    const target = `${host}:${port}`;
    const refusal = await this.refusal(found.address, port, caller);
    if (refusal !== null) throw new EgressRefusedError(target, refusal);
    return { host: name, address: found.address, family: found.family === 6 ? 6 : 4, port };
  }

  /**
   * A `lookup` for node:http/https and node:net that applies the policy to the address it resolves; the request
   * keeps the host name for TLS and the Host header.
   */
  lookupFor(port: number, caller: EgressCaller): LookupFunction {
    return (hostname, options, callback) => {
      this.resolve(hostname, port, caller).then(
        (pinned) => {
          if ((options as { all?: boolean }).all)
            (callback as unknown as (e: null, all: { address: string; family: number }[]) => void)(null, [
              { address: pinned.address, family: pinned.family },
            ]);
          else callback(null, pinned.address, pinned.family);
        },
        (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
      );
    };
  }

  /** Why the address may not be reached on that port, or null when it may. */
  private async refusal(raw: string, port: number, caller: EgressCaller): Promise<string | null> {
    const address = unwrap(ipaddr.process(raw));
    if (ALWAYS_REFUSED.some((range) => matches(address, range))) return 'link-local or unspecified address';
    const range = address.range();
    if (NEVER_RANGES.has(range)) return `${range} address`;
    const local = range === 'loopback' || range === 'unspecified' || localAddresses().has(address.toString());
    if (local && this.rules.ownPorts.includes(port)) return "this server's own port";
    if (local && port === this.rules.demoBrokerPort) {
      if ('organizationId' in caller && caller.organizationId === (await this.tenancy.demoOwner()))
        return null;
      return 'the demo broker belongs to another organisation';
    }
    if ('operator' in caller) return null;
    if (this.allow.some((allowed) => matches(address, allowed))) return null;
    if ((INTERNAL_RANGES.has(range) || local) && (await this.tenancy.shared()))
      return 'internal address on a server shared by several organisations';
    return null;
  }
}

/** IPv4 hidden in IPv6 (mapped, NAT64, 6to4) is judged as the IPv4 address it reaches. */
function unwrap(address: Address): Address {
  if (address.kind() === 'ipv4') return address;
  const v6 = address as ipaddr.IPv6;
  const parts = v6.parts;
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6052' || range === 'rfc6145')
    return ipv4From(parts[6], parts[7]);
  if (range === '6to4') return ipv4From(parts[1], parts[2]);
  return address;
}

function ipv4From(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function matches(address: Address, [network, bits]: [Address, number]): boolean {
  return address.kind() === network.kind() && address.match(network, bits);
}

/** This host's own addresses: a connection to any of them on an own port reaches this server. */
function localAddresses(): Set<string> {
  const addresses = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) {
      try {
        addresses.add(unwrap(ipaddr.process(entry.address.split('%')[0])).toString());
      } catch {
        // An address ipaddr.js does not read is not one a target resolves to either.
      }
    }
  }
  return addresses;
}
