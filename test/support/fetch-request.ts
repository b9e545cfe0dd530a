/** The Request a fetch call describes, whether it was given a Request or a URL and init (as the transport passes them). */
export function requestOf(input: string | URL | Request, init?: RequestInit): Request {
  return new Request(input, init);
}
