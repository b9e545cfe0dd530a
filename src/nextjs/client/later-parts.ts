/**
 * What the browser half loads after its first render, as one chunk: the hosted pages' URL builders its redirects
 * use and the errors its session client throws. Their common base class then stays out of the first load too (a
 * module both the entry and a later chunk import becomes a chunk of its own).
 */
export { LogoutError, RefreshError } from "../../session/errors.js";
export { partsPageUrls } from "../../session/hosted-pages.js";
