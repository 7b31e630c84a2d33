import { networkInterfaces, type NetworkInterfaceInfo } from "node:os";

type Interfaces = Record<string, NetworkInterfaceInfo[] | undefined>;

const hostPort = (address: string, port: number) => `${address.includes(":") ? `[${address}]` : address}:${port}`;
const urlOf = (address: string, port: number) => `http://${hostPort(address, port)}`;

/**
 * Where the start says the server listens, as it is bound: one address, or, bound to every address (0.0.0.0, ::), that
 * and the addresses a browser on this machine or its network can open (the staff socket accepts any of them).
 */
export function describeListening(host: string, port: number, interfaces: Interfaces = networkInterfaces()): string {
  const everyAddress = host === "0.0.0.0" || host === "::";
  if (!everyAddress) return urlOf(host, port);
  const reachable = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === "IPv4" && !entry.internal)
    .map((entry) => urlOf(entry.address, port));
  return `${hostPort(host, port)}, every address of this machine: ${[urlOf("localhost", port), ...reachable].join(", ")}`;
}
