import type { LookupAddress, LookupOptions } from "node:dns";
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";

// Which addresses the link checker may connect to (docs/decisions/0006). The check is made on the
// address a connection is about to use, after DNS resolution, for every request (each redirect
// too): a name that resolves to a private address, or a public page redirecting to one, is refused
// before any packet is sent to it. Only LINK_CHECK_ALLOW_PRIVATE=true (the tests) lifts it.

/** An address the checker may never reach was the only one a URL led to. */
export class BlockedAddressError extends Error {
  readonly code = "ERR_LINK_CHECK_BLOCKED";
  readonly address: string;
  constructor(host: string, address: string) {
    super(`${host} leads to ${address}, a private or reserved address the checker never requests`);
    this.address = address;
  }
}

/**
 * Public unicast only: never loopback, private (10/8, 172.16/12, 192.168/16), link-local and cloud
 * metadata (169.254/16, fe80::/10), CGNAT (100.64/10), unique-local IPv6 (fc00::/7), multicast,
 * unspecified, reserved and documentation ranges, nor IPv6 forms that carry an IPv4 address
 * (mapped, 6to4, NAT64, Teredo) which could point at any of those. Anything unparsable is refused.
 */
export function isPublicAddress(address: string): boolean {
  try {
    let ip = ipaddr.parse(address);
    if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
      ip = (ip as ipaddr.IPv6).toIPv4Address();
    }
    return ip.range() === "unicast";
  } catch {
    return false;
  }
}

/** A URL's hostname as an IP address when it is one (`[::1]` → `::1`), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : null;
}

/** Turns a hostname into its addresses: the system's resolver, or the tests' own. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls `connect` (undici's `connect.lookup`): resolves with `resolve` and hands
 * the socket only the addresses `allowed` accepts, so what is checked is exactly what is connected
 * to (no second resolution a rebinding DNS could answer differently).
 */
export function guardedLookup(resolve: Resolver, allowed: (address: string) => boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (found) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? found.filter((a) => a.family === options.family)
            : found;
        const usable = wanted.filter((a) => allowed(a.address));
        const first = usable[0];
        if (!first) {
          const err: NodeJS.ErrnoException = wanted[0]
            ? new BlockedAddressError(hostname, wanted[0].address)
            : Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
          callback(err, "");
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ""),
    );
  };
}
