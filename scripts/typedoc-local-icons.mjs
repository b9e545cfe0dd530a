// A TypeDoc plugin (typedoc.json): the pages point their icons at the sprite that assets/icons.js adds to each page
// (`#icon-…`) instead of at assets/icons.svg, which a browser refuses to load into a page opened from disk (one
// console error per icon). Served over HTTP the pages look the same.
import { PageEvent } from "typedoc";

/** Registers the rewrite of every rendered page. */
export function load(app) {
  app.renderer.on(PageEvent.END, (page) => {
    if (page.contents)
      page.contents = page.contents.replace(/href="[^"]*assets\/icons\.svg(#icon-[^"]*)"/g, 'href="$1"');
  });
}
