import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { parseUrl } from "../../src/shared/parse-url.js";

const canParse = Object.getOwnPropertyDescriptor(URL, "canParse");

describe("parseUrl, the one URL check of every layer", () => {
  afterEach(() => {
    if (canParse) Object.defineProperty(URL, "canParse", canParse);
  });

  it("parses an absolute URL and resolves a relative one against its base", () => {
    expect(parseUrl("https://app.example/a?b=1")?.href).toBe("https://app.example/a?b=1");
    expect(parseUrl("/next?x=1", "http://127.0.0.1:3000/login")?.href).toBe("http://127.0.0.1:3000/next?x=1");
    expect(parseUrl("javascript:alert(1)")?.protocol).toBe("javascript:");
  });

  it("answers undefined for what does not parse: junk, a relative URL without a base, a bad base", () => {
    expect(parseUrl("not a url")).toBeUndefined();
    expect(parseUrl("/relative")).toBeUndefined();
    expect(parseUrl("http://[")).toBeUndefined();
    expect(parseUrl("/x", "nope")).toBeUndefined();
  });

  it("works where URL.canParse does not exist (browsers before Chrome 120)", () => {
    Reflect.deleteProperty(URL, "canParse");
    expect("canParse" in URL).toBe(false);
    expect(parseUrl("https://app.example/")?.origin).toBe("https://app.example");
    expect(parseUrl("::")).toBeUndefined();
  });

  it("is the only way src/ checks a URL: no URL.canParse anywhere", () => {
    const files = readdirSync(join(repoRoot, "src"), { recursive: true, encoding: "utf8" }).filter((file) =>
      /\.tsx?$/.test(file),
    );
    expect(files.length).toBeGreaterThan(50);
    const calling = files.filter((file) =>
      /URL\.canParse\s*\(/.test(readFileSync(join(repoRoot, "src", file), "utf8")),
    );
    expect(calling).toEqual([]);
  });
});
