import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { demoSeed, startEmulator } from "../../src/emulator/index.js";
import { readSeedFile, writeSeedFile } from "../../src/emulator/seeds/seed-file.js";
import { ADA, raw, useEmulator } from "./harness.js";

/** Redirect settings are http(s) only, from a seed and from the settings; seed exports are readable by their owner only. */
const emu = useEmulator();
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "orgauth-seed-files-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const hostile = ["javascript:alert(document.domain)", "data:text/html,<script>alert(1)</script>", "vbscript:x"];

it("refuses a redirect setting that is not http(s), in the settings and in a seed; the login does not follow it", async () => {
  for (const name of ["defaultRedirect", "logoutRedirect"])
    for (const href of hostile) {
      const answer = await raw(emu.url, {
        method: "PATCH",
        path: "/__emulator/settings",
        headers: { "Content-Type": "application/json", "x-emulator-secret": emu.secret },
        body: JSON.stringify({ [name]: href }),
      });
      expect(answer.status, `${name} ${href}`).toBe(400);
      await expect(startEmulator({ seed: { settings: { [name]: href } } }), `${name} ${href}`).rejects.toThrow(name);
    }
  await emu.admin("PATCH", "/__emulator/settings", { defaultRedirect: "https://app.example.test/home" });
  const login = await raw(emu.url, {
    method: "POST",
    path: "/login",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: ADA, password: "orgauth-demo" }).toString(),
  });
  expect(login.headers.location ?? "").not.toMatch(/^(javascript|data|vbscript):/i);
});

it("writes a seed export readable by its owner only (0600), also over an existing file", async () => {
  const fresh = join(folder, "fresh.seed.json");
  await writeSeedFile(fresh, demoSeed);
  expect((await stat(fresh)).mode & 0o777).toBe(0o600);
  const existing = join(folder, "existing.seed.json");
  await writeFile(existing, "{}", { mode: 0o644 });
  await writeSeedFile(existing, demoSeed);
  expect((await stat(existing)).mode & 0o777).toBe(0o600);
});

it("a seed file that is not JSON, or cannot be read, is a SeedError that keeps the error behind it", async () => {
  const notJson = join(folder, "not-json.seed.json");
  await writeFile(notJson, "{ nope");
  await expect(readSeedFile(notJson)).rejects.toMatchObject({ name: "SeedError", cause: expect.any(SyntaxError) });
  await expect(readSeedFile(join(folder, "missing.seed.json"))).rejects.toMatchObject({
    name: "SeedError",
    cause: { code: "ENOENT" },
  });
});
