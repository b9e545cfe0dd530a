/**
 * The one loopback check (the browser client, the server and the emulator all ask it): whether a host name names
 * this machine. `localhost` and the names under it (`app.localhost`, RFC 6761), 127.0.0.0/8, and `::1` (`[::1]` as
 * a URL writes it, bare as a header or a listen address may); any case.
 */
export function isLoopbackHost(hostname: string): boolean {
  return /^(([\w-]+\.)*localhost|127(\.\d+){3}|\[?::1]?)$/i.test(hostname);
}
