// The client an address stands for in `zelinqa serve`'s per-address connection cap (proxy-addresses.ts clientOf): an
// IPv6 client usually holds a whole /64 and picks its address in it, so its connections are counted by that network.
// (Connections from several IPv6 addresses cannot be made over loopback here: the cap itself is tested per address
// through the real server in connection-cap.test.ts.)
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { clientOf } from "../../../src/zelinqa/api/proxy-addresses.js";

void describe("the client of an address (per-address connection cap)", () => {
  void it("counts the addresses of one IPv6 /64 as one client, however they are written", () => {
    const network = clientOf("2001:db8:85a3:42:1:2:3:4");
    assert.equal(network, "2001:db8:85a3:42::/64");
    for (const other of [
      "2001:db8:85a3:42::1",
      "2001:0DB8:85A3:0042:ffff::9",
      "2001:db8:85a3:42:a:b:c:d%eth0",
      "2001:db8:85a3:42::1.2.3.4",
    ])
      assert.equal(clientOf(other), network, other);
    assert.equal(clientOf("2001:db8::1"), "2001:db8:0:0::/64");
    assert.equal(clientOf("::1"), "0:0:0:0::/64");
  });
  void it("keeps other /64s and every IPv4 address apart", () => {
    assert.notEqual(clientOf("2001:db8:85a3:43::1"), clientOf("2001:db8:85a3:42::1"));
    assert.equal(clientOf("203.0.113.7"), "203.0.113.7");
    assert.notEqual(clientOf("203.0.113.7"), clientOf("203.0.113.8"));
  });
});
