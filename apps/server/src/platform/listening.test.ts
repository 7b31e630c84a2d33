import type { NetworkInterfaceInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { describeListening } from "./listening.ts";

const entry = (address: string, family: "IPv4" | "IPv6", internal: boolean) => ({ address, family, internal }) as NetworkInterfaceInfo;
const machine = {
  lo: [entry("127.0.0.1", "IPv4", true), entry("::1", "IPv6", true)],
  eth0: [entry("192.168.1.20", "IPv4", false), entry("fe80::1", "IPv6", false)],
};

describe("the start's listening line", () => {
  it("says a server bound to every address is, and lists the addresses a browser can open", () => {
    expect(describeListening("0.0.0.0", 3000, machine)).toBe("0.0.0.0:3000, every address of this machine: http://localhost:3000, http://192.168.1.20:3000");
    expect(describeListening("::", 3000, machine)).toBe("[::]:3000, every address of this machine: http://localhost:3000, http://192.168.1.20:3000");
  });

  it("names the one address a server bound to one address listens on", () => {
    expect(describeListening("127.0.0.1", 3000, machine)).toBe("http://127.0.0.1:3000");
    expect(describeListening("::1", 3000, machine)).toBe("http://[::1]:3000");
  });
});
