/**
 * `npm run docs:api:browser` (the docs stage, after TypeDoc wrote docs/api/): the API reference opened from disk in
 * headless Chromium, as a reader opens it without a server. The index, every module page and the first page of each
 * kind (class, function, interface, type, variable) must load with no console error and no page error.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { launchChromium } from "../test/support/chromium.js";
import { repoRoot } from "./lib/repo-root.js";

const API_DIR = join(repoRoot, "docs", "api");

/** The pages to open: the index, the hierarchy, every module, and the first page of each other folder. */
function pagesToOpen(): string[] {
  const pages = ["index.html", "hierarchy.html"];
  for (const folder of ["modules", "classes", "functions", "interfaces", "types", "variables"]) {
    const files = existsSync(join(API_DIR, folder)) ? readdirSync(join(API_DIR, folder)).sort() : [];
    pages.push(...(folder === "modules" ? files : files.slice(0, 1)).map((file) => `${folder}/${file}`));
  }
  return pages.filter((page) => existsSync(join(API_DIR, page)));
}

if (!existsSync(join(API_DIR, "index.html"))) {
  console.error("docs/api/index.html is missing: run npm run docs:api first");
  process.exit(1);
}
const browser = await launchChromium();
const problems: string[] = [];
try {
  const page = await browser.newPage();
  let current = "";
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${current}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${current}: ${error.message}`));
  const pages = pagesToOpen();
  for (const file of pages) {
    current = file;
    await page.goto(pathToFileURL(join(API_DIR, file)).href, { waitUntil: "load" });
    await page.waitForFunction(() => document.body.style.display !== "none", undefined, { timeout: 10_000 });
  }
  if (pages.filter((file) => file.startsWith("modules/")).length < 2) problems.push("fewer than two module pages");
} finally {
  await browser.close();
}
if (problems.length > 0) {
  console.error(`The API reference opened from disk logged ${problems.length} errors:\n${problems.join("\n")}`);
  process.exit(1);
}
