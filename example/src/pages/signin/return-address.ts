/** Where the sign-in screen sends the visitor once the flow is Finished. */
import { decodeReturnTo } from "orgauth";

/** The decoded `rt` of the query when it points into this app; otherwise the overview. */
export function returnAddress(search: URLSearchParams): string {
  const rt = search.get("rt");
  if (rt === null) return "/";
  try {
    const target = new URL(decodeReturnTo(rt), window.location.href);
    return target.origin === window.location.origin ? target.pathname + target.search + target.hash : "/";
  } catch {
    return "/";
  }
}
