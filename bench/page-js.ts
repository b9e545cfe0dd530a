/**
 * The browser JS a Next.js page makes the browser download: every `/_next/static/…js` file its HTML names (script
 * tags and script preloads), each gzipped alone (level 9, as `npm run size` counts), summed. Part of `first-html`
 * (bench/first-html.ts), which subtracts a no-auth app's figure from each library's signed-in dashboard.
 */
import { gzipSync } from "node:zlib";

/** The `/_next/static/` script URLs an HTML page names, each once. */
function scriptUrls(html: string, pageUrl: string): string[] {
  const found = html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.js)"/g);
  return [...new Set([...found].map((match) => new URL(match[1]!, pageUrl).href))];
}

/** Gzip bytes of the JS files `url` names, fetched with `cookie` (if any); throws unless the page answers 200. */
export async function pageJsGzipBytes(url: string, cookie?: string): Promise<number> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const urls = scriptUrls(await response.text(), url);
  if (urls.length === 0) throw new Error(`${url} names no /_next/static script`);
  let total = 0;
  for (const script of urls) {
    const body = await fetch(script);
    if (!body.ok) throw new Error(`${script} answered ${body.status}`);
    total += gzipSync(Buffer.from(await body.arrayBuffer()), { level: 9 }).length;
  }
  return total;
}
