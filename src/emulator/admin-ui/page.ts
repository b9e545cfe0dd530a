/**
 * The admin UI's page: a shell (header, tabs, status line) the script fills; readable from 320 px up, every control
 * at least 44 px tall (a finger's width). Its Content-Security-Policy allows only this page's own script and style
 * (by their hashes) and calls to the emulator itself.
 */
import { createHash } from "node:crypto";

const STYLE = `
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;color:#1f2328;background:#f6f8fa;font-size:15px}
header{background:#24292f;color:#fff;padding:.6rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
header h1{font-size:1.05rem;margin:0 auto 0 0}
header button{background:#fff;color:#24292f;border:0}
.banner{background:#fff4ce;border-bottom:1px solid #d4a72c;padding:.35rem 1rem;font-size:.8rem}
nav{display:flex;flex-wrap:wrap;gap:0;padding:.5rem .5rem 0;border-bottom:1px solid #d0d7de;background:#fff}
nav a{display:inline-flex;align-items:center;min-height:44px;min-width:44px;padding:0 .55rem;font-size:.9rem;text-decoration:none;color:#1f2328;border-radius:6px 6px 0 0}
nav a[aria-current=page]{background:#f6f8fa;border:1px solid #d0d7de;border-bottom-color:#f6f8fa;margin-bottom:-1px;font-weight:600}
main{padding:1rem;max-width:72rem;margin:0 auto}
button{font:inherit;padding:.35rem .8rem;border:1px solid #d0d7de;border-radius:6px;background:#f6f8fa;cursor:pointer;min-height:44px;min-width:44px}
button.danger{color:#b42318;border-color:#f3b8b2}
button:hover{background:#eaeef2}
input,select,textarea{font:inherit;padding:.35rem .5rem;border:1px solid #d0d7de;border-radius:6px;max-width:100%;background:#fff;min-height:44px}
label.check{flex-direction:row;align-items:center;gap:.5rem;min-height:44px;min-width:44px;padding-right:.5rem;font-size:.9rem;cursor:pointer}
label.check input{width:1.25rem;height:1.25rem;min-height:0;margin:0;flex:none}
.extras{display:flex;flex-wrap:wrap;align-items:center;gap:0 .75rem;flex-basis:100%}
textarea{width:100%;font-family:ui-monospace,monospace;font-size:.85rem}
label{display:flex;flex-direction:column;gap:.15rem;font-size:.85rem}
.status{margin:0 0 .75rem;color:#1a7f37}.status:empty{margin:0}.status.error{color:#b42318}
.toolbar input{width:100%;max-width:28rem}
.cards{list-style:none;padding:0;margin:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,22rem),1fr))}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:.75rem;min-width:0;overflow-wrap:anywhere}
.card h3{font-size:.9rem;margin:.75rem 0 .25rem}
.title{margin-bottom:.25rem}
.badges,.actions{display:flex;flex-wrap:wrap;gap:.35rem;margin:.35rem 0}
.badge{font-size:.75rem;padding:.1rem .45rem;border-radius:999px;background:#eaeef2}
.badge.ok{background:#dafbe1}.badge.warn{background:#fff8c5}.badge.bad{background:#ffebe9}
.muted{color:#59636e;font-size:.85rem}.mono{font-family:ui-monospace,monospace;font-size:.8rem}
details{margin:.15rem 0}summary{cursor:pointer;color:#0969da;display:flex;align-items:center;min-height:44px;list-style:none}
summary::-webkit-details-marker{display:none}summary::before{content:"▸";width:1.1rem;flex:none}details[open]>summary::before{content:"▾"}
form.inline{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:.5rem 0}
form.inline label{flex:1 1 9rem}form.inline label.check{flex:0 1 auto}form.stack{display:grid;gap:.5rem}
.rows{list-style:none;padding:0;margin:0}
.rows li{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;padding:.3rem 0;border-bottom:1px solid #eaeef2}
.grow{flex:1 1 10rem;min-width:0}.rows .grow{flex-basis:100%}.rows li>:nth-child(2){margin-left:auto}
.log{list-style:none;padding:0;margin:0;background:#fff;border:1px solid #d0d7de;border-radius:8px}
.log li{display:flex;gap:.6rem;padding:.3rem .6rem;border-bottom:1px solid #eaeef2;align-items:baseline}
.log li.bad{background:#fff5f5}.log .method{width:3.5rem;flex:none}.log span{white-space:nowrap}.log .path{white-space:normal}.log .path{overflow-wrap:anywhere}
a.link{display:flex;align-items:center;min-height:44px;overflow-wrap:anywhere}
`;

/** An empty icon: without one, the browser asks for `/favicon.ico` (a 404 in the console). */
const NO_ICON = '<link rel="icon" href="data:,">';

const hash = (text: string): string => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The admin UI's HTML around its script, and the Content-Security-Policy that lets only that script and style run. */
export function adminPage(script: string): { html: string; csp: string } {
  const csp = [
    "default-src 'none'",
    `script-src ${hash(script)}`,
    `style-src ${hash(STYLE)}`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Admin · orgauth emulator</title>${NO_ICON}<style>${STYLE}</style></head>
<body>
<header><h1>orgauth emulator · Admin</h1>
<button type="button" id="export">Export seed</button><button type="button" id="reset">Reset</button></header>
<div class="banner" role="note">A local stand-in for the auth provider. <strong>Not for production.</strong></div>
<nav aria-label="Sections"><a href="#users">Users</a><a href="#orgs">Orgs</a><a href="#outbox">Outbox</a><a href="#settings">Settings</a><a href="#requests">Requests</a></nav>
<main><div id="status" class="status" role="status" aria-live="polite"></div><div id="main"></div></main>
<script>${script}</script>
</body></html>`;
  return { html, csp };
}

/** The page shown instead of the admin UI until the browser opened its tokenised address. */
export function adminTokenPage(problem: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Admin · orgauth emulator</title>${NO_ICON}<style>${STYLE}</style></head>
<body><header><h1>orgauth emulator · Admin</h1></header>
<main><p class="status error">${problem}</p>
<p>Open the admin UI at the address the emulator printed when it started (<code>Admin UI  …/__emulator/ui?token=…</code>).
The token is the admin secret; this browser then keeps it as a cookie until the emulator restarts with a new one.</p></main>
</body></html>`;
}
