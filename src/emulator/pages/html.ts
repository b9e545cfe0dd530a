/** Escapes text for HTML. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** An empty icon: without one, the browser asks every page's origin for `/favicon.ico` (a 404 in the console). */
const NO_ICON = '<link rel="icon" href="data:,">';

/** A hosted page: the not-for-production banner, a title and the body (already HTML). */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · orgauth emulator</title>${NO_ICON}
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:0 auto;padding:1rem;color:#1f2328}
.banner{background:#fff4ce;border:1px solid #d4a72c;padding:.5rem .75rem;border-radius:6px;font-size:.85rem;margin-bottom:1rem}
form{display:grid;gap:.5rem;margin:1rem 0}input,button{font:inherit;padding:.45rem}button{cursor:pointer}
.error{color:#b42318}.muted{color:#59636e;font-size:.9rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.25rem;border-bottom:1px solid #ddd;overflow-wrap:anywhere}code{overflow-wrap:anywhere}
</style></head>
<body><div class="banner" role="note">orgauth emulator — a local stand-in for the auth provider. <strong>Not for production.</strong></div>
<h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
}

/** A form posting to `action` with text inputs, hidden fields and a submit button. */
export function form(
  action: string,
  inputs: { name: string; label: string; type?: string; value?: string }[],
  hidden: Record<string, string>,
  submit: string,
): string {
  const fields = inputs
    .map(
      (i) =>
        `<label>${escapeHtml(i.label)} <input name="${i.name}" type="${i.type ?? "text"}" value="${escapeHtml(i.value ?? "")}" ${i.type === "checkbox" ? "" : "required"}></label>`,
    )
    .join("\n");
  const hiddenFields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join("");
  return `<form method="post" action="${escapeHtml(action)}">${fields}${hiddenFields}<button type="submit">${escapeHtml(submit)}</button></form>`;
}

/** An error paragraph, or nothing. */
export const errorLine = (message: string | undefined): string =>
  message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : "";
