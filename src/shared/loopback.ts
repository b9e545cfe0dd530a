/** Whether a URL's host name names this machine (`localhost`, `127.x.x.x`, `[::1]`). */
export function isLoopbackHost(hostname: string): boolean {
  return /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(hostname);
}
