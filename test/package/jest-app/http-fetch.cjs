// A fetch on node:http with a cookie jar, as an app's jest setup supplies one: jsdom 20 has no fetch, and Node's
// own fetch refuses jsdom's AbortSignal. It answers redirects as they are (the library asks for "manual").
const http = require("node:http");

/** The request headers of `init` (a plain object, entries or a Headers-like object) as a plain object. */
function headersOf(init) {
  const out = {};
  const given = init.headers ?? {};
  if (typeof given.forEach === "function" && !Array.isArray(given)) given.forEach((value, name) => (out[name] = value));
  else for (const [name, value] of Array.isArray(given) ? given : Object.entries(given)) out[name] = value;
  return out;
}

/** A response with what the library reads: status, ok, type, headers.get, text(). */
function responseOf(res, text) {
  const status = res.statusCode ?? 0;
  return {
    status,
    statusText: res.statusMessage ?? "",
    ok: status >= 200 && status < 300,
    type: "basic",
    redirected: false,
    body: null,
    headers: {
      get: (name) => {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? null : [value].flat().join(", ");
      },
    },
    text: async () => text,
    json: async () => JSON.parse(text),
  };
}

/** Creates the fetch; `calls` records each request as "METHOD path". */
function createHttpFetch() {
  const jar = new Map();
  const calls = [];
  const httpFetch = (input, init = {}) =>
    new Promise((resolve, reject) => {
      const url = new URL(String(input));
      const method = init.method ?? "GET";
      calls.push(`${method} ${url.pathname}`);
      const headers = headersOf(init);
      if (jar.size > 0) headers.Cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      const req = http.request(url, { method, headers }, (res) => {
        for (const line of [res.headers["set-cookie"] ?? []].flat()) {
          const [pair = ""] = line.split(";");
          const at = pair.indexOf("=");
          if (at <= 0) continue;
          if (/max-age=0\b/i.test(line)) jar.delete(pair.slice(0, at).trim());
          else jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
        }
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve(responseOf(res, Buffer.concat(chunks).toString("utf8"))));
        res.on("error", reject);
      });
      req.on("error", reject);
      init.signal?.addEventListener("abort", () => req.destroy(init.signal.reason ?? new Error("aborted")));
      req.end(init.body ?? undefined);
    });
  return Object.assign(httpFetch, { calls });
}

module.exports = { createHttpFetch };
