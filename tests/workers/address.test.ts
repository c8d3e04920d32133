// What one person's address counts as for the per-address limits: IPv4 itself, IPv6 by its /64.
import { describe, expect, it } from "vitest";
import { addressNetwork } from "../../party/address";

describe("addressNetwork", () => {
  it("an IPv4 address is its own network", () => {
    expect(addressNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(addressNetwork(" 203.0.113.9 ")).toBe("203.0.113.9");
    expect(addressNetwork(null)).toBeNull();
  });
  it("an IPv6 address counts by its first 64 bits, however it is written", () => {
    const net = "2001:db8:1:2::/64";
    for (const a of ["2001:db8:1:2:3:4:5:6", "2001:DB8:1:2::1", "2001:0db8:0001:0002::", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::1%eth0"]) expect(addressNetwork(a)).toBe(net);
    expect(addressNetwork("2001:db8:1:3::1")).not.toBe(net);
    expect(addressNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressNetwork("::1")).toBe("0:0:0:0::/64");
  });
  it("an IPv4-mapped IPv6 address is the IPv4 one", () => {
    expect(addressNetwork("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(addressNetwork("0:0:0:0:0:ffff:10.0.0.1")).toBe("10.0.0.1");
  });
  it("a string that is no address is its own network, so it still counts as one", () => {
    for (const a of ["garbage", "1:2:3", "1::2::3", "gggg::1", "1:2:3:4:5:6:7:8:9"]) expect(addressNetwork(a)).toBe(a);
  });
});
