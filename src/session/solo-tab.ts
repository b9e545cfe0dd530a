/** The tab "coordinator" of a client created without `tabs`: every refresh is this tab's own request. */
import type { CoordinatedResult, SharedResult, TabCoordinator } from "./tab-coordinator.js";

const fetched = async (fetch: () => Promise<SharedResult>): Promise<CoordinatedResult> => ({
  source: "fetched",
  result: await fetch(),
});

/** A coordinator that shares nothing: each refresh is fetched, nothing is published or held. */
export function soloTab(): TabCoordinator {
  return {
    coordinate: (_key, _freshness, fetch) => fetched(fetch),
    firstRefresh: (_key, fetch) => fetched(fetch),
    publish: () => undefined,
    hold: () => undefined,
    close: () => undefined,
  };
}
