/** The request headers the middleware adds for the render: the page's path, beside the fresh access token. */

/** Request header with the path (and query) of the page being rendered, set by `authMiddleware`. */
export const CURRENT_PATH_HEADER = "x-orgauth-current-path";
