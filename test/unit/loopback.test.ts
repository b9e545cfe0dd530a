import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "../../src/shared/loopback.js";

/** The one loopback check the browser client, the server and the emulator share. */
describe("isLoopbackHost", () => {
  it("names this machine: localhost and the names under it, 127.0.0.0/8, ::1 with or without brackets", () => {
    for (const host of ["localhost", "LocalHost", "app.localhost", "a.b-c.localhost", "127.0.0.1", "127.8.9.10"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    expect(isLoopbackHost(new URL("http://[::1]:4020/").hostname)).toBe(true);
    expect(isLoopbackHost("::1")).toBe(true);
  });

  it("refuses names that only contain a loopback name", () => {
    for (const host of [
      "localhost.example.com",
      "evil-localhost",
      ".localhost",
      "127.0.0.1.evil.example",
      "128.0.0.1",
      "0.0.0.0",
      "[::2]",
      "",
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
