import { stripVTControlCharacters } from "node:util";

/**
 * Whether a server's output says it listens at `url`. Colour codes are ignored: under a terminal the stages set
 * FORCE_COLOR, and Vite then prints its address with the port in bold, splitting the URL with escape sequences.
 */
export function saysItListens(output: string, url: string): boolean {
  return stripVTControlCharacters(output).includes(url);
}
