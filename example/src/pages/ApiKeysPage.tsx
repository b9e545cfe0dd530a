/**
 * API keys: personal keys and the active org's keys. Create with an expiration option (the token is shown
 * once), list with search and pages, rename, delete.
 */
import { useState, type FormEvent } from "react";
import {
  useCreateApiKey,
  useDeleteApiKey,
  useListOrgApiKeys,
  useListPersonalApiKeys,
  usePagedSearch,
  useUpdateApiKey,
} from "orgauth/react";
import { getOrgs, hasPermission, type AuthInfo, type components, type OrgMembership } from "orgauth";
import { ErrorMessage } from "../components/ErrorMessage.js";
import { invalidIf } from "../components/error-text.js";
import { formatSeconds } from "../components/labels.js";
import { Card, Pager, Success } from "../components/ui.js";

type ApiKey = components["schemas"]["ApiKey"];
type ApiKeyList = components["schemas"]["ApiKeyList"];
type ExpirationOption = components["schemas"]["ExpirationOption"];

const EXPIRATIONS: { value: ExpirationOption; label: string }[] = [
  { value: "TwoWeeks", label: "2 weeks" },
  { value: "OneMonth", label: "1 month" },
  { value: "ThreeMonths", label: "3 months" },
  { value: "SixMonths", label: "6 months" },
  { value: "OneYear", label: "1 year" },
  { value: "Never", label: "Never" },
];
const PAGE_SIZE = 5;

/** The API keys screen. */
export function ApiKeysPage({ authInfo, activeOrg }: { authInfo: AuthInfo; activeOrg: OrgMembership | undefined }) {
  const [chosen, setChosen] = useState<"personal" | "org">("personal");
  // without an active org (e.g. the session now has no organisation) the org tab is off: show the personal keys
  const owner = activeOrg ? chosen : "personal";
  const canManageOrgKeys = activeOrg !== undefined && hasPermission(authInfo, activeOrg.orgId, "can_manage_api_keys");
  return (
    <>
      <h1>API keys</h1>
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={owner === "personal"} onClick={() => setChosen("personal")}>
          Personal keys
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={owner === "org"}
          onClick={() => setChosen("org")}
          disabled={!activeOrg}
        >
          {activeOrg
            ? `${activeOrg.orgName} keys`
            : `Organisation keys (${getOrgs(authInfo).length === 0 ? "join an organisation first" : "choose an organisation"})`}
        </button>
      </div>
      {/* Personal keys are the user's own; an org's keys are listed and managed only with can_manage_api_keys. */}
      {owner === "personal" && <KeysPanel key="personal" orgId={undefined} />}
      {owner === "org" && activeOrg && (
        <>
          {!canManageOrgKeys && <p className="muted">Your role in {activeOrg.orgName} may not manage its API keys.</p>}
          {canManageOrgKeys && <KeysPanel key={activeOrg.orgId} orgId={activeOrg.orgId} />}
        </>
      )}
    </>
  );
}

function KeysPanel({ orgId }: { orgId: string | undefined }) {
  const paged = usePagedSearch({ pageSize: PAGE_SIZE });
  const search = paged.debouncedSearch;
  const query = { ...paged.pageQuery, api_key_search: search };
  const personal = useListPersonalApiKeys({ query }, { enabled: orgId === undefined });
  const org = useListOrgApiKeys({ query: { ...query, org_id: orgId ?? "" } }, { enabled: orgId !== undefined });
  const list = orgId === undefined ? personal : org;
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    paged.applySearch();
  };
  return (
    <>
      <CreateKeyCard orgId={orgId} />
      <Card title={orgId === undefined ? "Your personal keys" : "Organisation keys"}>
        {/* biome-ignore lint/a11y/useSemanticElements: a form with role="search" is the ARIA search landmark; wrapping it in <search> would add an element for the same meaning */}
        <form className="inline" role="search" onSubmit={submitSearch}>
          <label>
            Search keys
            <input
              type="search"
              value={paged.search}
              onChange={(event) => paged.setSearch(event.target.value)}
              placeholder="name"
            />
          </label>
          <button type="submit" className="secondary">
            Search
          </button>
          {search && <span className="muted">Showing matches for “{search}”</span>}
        </form>
        {list.isPending && <p>Loading keys…</p>}
        <ErrorMessage error={list.error} />
        {list.data && <KeyTable list={list.data} />}
        {list.data && (
          <Pager
            label="API keys"
            page={paged.page}
            hasMore={list.data.has_more_results}
            total={list.data.total_api_keys}
            onPage={paged.setPage}
          />
        )}
      </Card>
    </>
  );
}

function KeyTable({ list }: { list: ApiKeyList }) {
  if (list.api_keys.length === 0) return <p className="muted">No keys yet.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Name</th>
          <th>Created</th>
          <th>Expires</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {list.api_keys.map((key) => (
          <KeyRow key={key.api_key_id} apiKey={key} />
        ))}
      </tbody>
    </table>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  // The id is not shown: the key's token begins with it, and a visible id would give away part of a "shown once" secret.
  const label = apiKey.display_name || "Unnamed key";
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(apiKey.display_name ?? "");
  const rename = useUpdateApiKey({ onSuccess: () => setRenaming(false) });
  const remove = useDeleteApiKey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ path: { apiKeyId: apiKey.api_key_id }, body: { display_name: name } });
  };
  return (
    <tr aria-label={label}>
      <td>
        {renaming ? (
          <form className="inline" onSubmit={submit} aria-label={`Rename ${label}`}>
            <input aria-label="New name" value={name} onChange={(event) => setName(event.target.value)} />
            <button type="submit" disabled={rename.isPending}>
              Save name
            </button>
            <button type="button" className="secondary" onClick={() => setRenaming(false)}>
              Cancel
            </button>
          </form>
        ) : (
          label
        )}
        <ErrorMessage error={rename.error ?? remove.error} />
        {rename.isSuccess && <Success>Renamed to “{rename.variables.body.display_name}”.</Success>}
        {remove.isSuccess && <Success>{label} was deleted.</Success>}
      </td>
      <td data-label="Created">{formatSeconds(apiKey.created_at)}</td>
      <td data-label="Expires">{formatSeconds(apiKey.expires_at_seconds)}</td>
      <td>
        {!renaming && (
          <div className="actions">
            <button type="button" className="secondary" onClick={() => setRenaming(true)}>
              Rename
            </button>
            <button
              type="button"
              className="danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ path: { apiKeyId: apiKey.api_key_id } })}
            >
              Delete
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

function CreateKeyCard({ orgId }: { orgId: string | undefined }) {
  const [name, setName] = useState("");
  const [expiration, setExpiration] = useState<ExpirationOption>("OneMonth");
  const create = useCreateApiKey({ onSuccess: () => setName("") });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ body: { ...(orgId ? { org_id: orgId } : {}), display_name: name, expiration_option: expiration } });
  };
  return (
    <Card title="Create a key">
      <form className="inline" onSubmit={submit}>
        <label>
          Name
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="CI deploy"
            {...invalidIf(create.error, "display_name", "create-key-error")}
          />
        </label>
        <label>
          Expires after
          <select value={expiration} onChange={(event) => setExpiration(event.target.value as ExpirationOption)}>
            {EXPIRATIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={create.isPending}>
          Create key
        </button>
      </form>
      <ErrorMessage error={create.error} id="create-key-error" />
      {create.data && (
        <div role="status" className="success" aria-label="New API key">
          <p>Copy this key now: it is shown only once.</p>
          <p className="secret">{create.data.api_key_token}</p>
          <button type="button" className="secondary" onClick={() => create.reset()}>
            I have copied it
          </button>
        </div>
      )}
    </Card>
  );
}
