import { describe, expect, it } from "vitest";
import {
  clearChunked,
  COOKIE_CHUNK_BYTES,
  MAX_COOKIE_CHUNKS,
  readChunked,
  readCookies,
  writeChunked,
} from "../../../src/server/cookies.js";

/** The cookies a browser holds after the lines (Max-Age=0 deletes). */
function apply(cookies: Map<string, string>, lines: readonly string[]): Map<string, string> {
  const next = new Map(cookies);
  for (const line of lines) {
    const [pair = ""] = line.split(";");
    const [name = "", value = ""] = pair.split("=");
    if (line.includes("Max-Age=0")) next.delete(name);
    else next.set(name, decodeURIComponent(value));
  }
  return next;
}

const attributes = { secure: true };

describe("chunked cookies", () => {
  it("stores a value whole when it fits, in chunks when it does not, and reads either back", () => {
    const small = "a".repeat(100);
    const large = "b".repeat(COOKIE_CHUNK_BYTES * 2 + 5);
    let jar = apply(new Map(), writeChunked(new Map(), "t", small, attributes)!);
    expect([...jar.keys()]).toEqual(["t"]);
    jar = apply(jar, writeChunked(jar, "t", large, attributes)!);
    expect([...jar.keys()].sort()).toEqual(["t.0", "t.1", "t.2"]);
    expect(readChunked(jar, "t")).toBe(large);
    jar = apply(jar, writeChunked(jar, "t", "c".repeat(COOKIE_CHUNK_BYTES + 1), attributes)!);
    expect([...jar.keys()].sort()).toEqual(["t.0", "t.1"]);
    jar = apply(jar, writeChunked(jar, "t", small, attributes)!);
    expect([...jar.keys()]).toEqual(["t"]);
    expect(readChunked(jar, "t")).toBe(small);
    expect(apply(jar, clearChunked(jar, "t", attributes)).size).toBe(0);
  });

  it("refuses a value beyond the chunks it may take (null), so the caller can name it", () => {
    expect(writeChunked(new Map(), "t", "x".repeat(COOKIE_CHUNK_BYTES * MAX_COOKIE_CHUNKS + 1), attributes)).toBeNull();
  });

  it("reads a Cookie header: first of a repeated name, quoted and encoded values, junk skipped", () => {
    const request = new Request("https://app.example.com/", {
      headers: { cookie: 'a=1; b="two"; a=3; junk; c=%E2%9C%93; d=%zz' },
    });
    expect(Object.fromEntries(readCookies(request))).toEqual({ a: "1", b: "two", c: "✓", d: "%zz" });
  });
});
