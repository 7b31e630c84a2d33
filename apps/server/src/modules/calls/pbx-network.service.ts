import { BlockList, isIPv4, isIPv6 } from "node:net";
import os from "node:os";
import { DEFAULT_FETCH_POLICY, embeddedIpv4, isPublicAddress, type FetchPolicy } from "../knowledge/safe-fetch.service.ts";

/**
 * Where the call center may connect: every URL a company types or its PBX sends (the ARI address, its events
 * socket, CTI recording links) goes through the URL import's SSRF-safe requests with this policy. Public
 * addresses only, unless the installation runs an on-premises PBX (PBX_ALLOW_PRIVATE): then private networks and
 * this machine's own addresses are allowed too. Never, either way: unspecified, link-local (the cloud metadata
 * service at 169.254.169.254 among them), multicast and reserved addresses, which no PBX answers on.
 */
const never = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["169.254.0.0", 16],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  never.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  never.addSubnet(net, prefix, "ipv6");

/** An address as compared: an IPv6 form that embeds an IPv4 address (::ffff:127.0.0.1, NAT64, 6to4) is that IPv4 address. */
function plain(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "").split("%")[0] ?? "";
  return isIPv6(bare) ? (embeddedIpv4(bare) ?? bare.toLowerCase()) : bare;
}

const isNever = (address: string) => (isIPv4(address) ? never.check(address, "ipv4") : isIPv6(address) ? never.check(address, "ipv6") : true);

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/** One of this machine's own interface addresses, which may be public ones (read each time: interfaces come and go). */
function isOwnAddress(address: string, interfaces: Interfaces): boolean {
  for (const entries of Object.values(interfaces)) for (const entry of entries ?? []) if (plain(entry.address) === address) return true;
  return false;
}

/** Whether the call center may connect to `address` (an IP address, as resolved). */
export function pbxAddressAllowed(address: string, allowPrivate: boolean, interfaces: Interfaces = os.networkInterfaces()): boolean {
  const ip = plain(address);
  if (!isIPv4(ip) && !isIPv6(ip)) return false;
  if (isNever(ip)) return false;
  if (allowPrivate) return true;
  return !isOwnAddress(ip, interfaces) && isPublicAddress(ip);
}

/** The SSRF-safe request policy of call-center URLs: the address checked as above and pinned, no redirects. */
export function pbxFetchPolicy(allowPrivate: boolean, limits: { maxBytes: number; timeoutMs: number }): FetchPolicy {
  return { ...DEFAULT_FETCH_POLICY, isAllowed: (address) => pbxAddressAllowed(address, allowPrivate), maxRedirects: 0, ...limits };
}
