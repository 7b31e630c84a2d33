import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Addresses a URL import must never reach: private, loopback, link-local, CGNAT, multicast, reserved,
 * documentation and unspecified ranges, in IPv4 and IPv6. IPv6 forms that embed an IPv4 address
 * (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that address.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split("%")[0] ?? "";
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => parseInt(g || "0", 16));
}

const v4From = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 address stands for, if it embeds one. */
export function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (g.length !== 8) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4From(g[6] ?? 0, g[7] ?? 0); // ::ffff:a.b.c.d
  if (zeros(0, 6) && ((g[6] ?? 0) !== 0 || (g[7] ?? 0) > 1)) return v4From(g[6] ?? 0, g[7] ?? 0); // ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4From(g[6] ?? 0, g[7] ?? 0); // NAT64
  if (g[0] === 0x2002) return v4From(g[1] ?? 0, g[2] ?? 0); // 6to4
  return null;
}

export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !blocked.check(address, "ipv4");
  if (!isIPv6(address)) return false;
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return isIPv4(v4) && !blocked.check(v4, "ipv4");
  return !blocked.check(address, "ipv6");
}
