/** Organisations the user may join by email domain, and creating a new one. */
import { useState, type FormEvent } from "react";
import { useCreateOrg, useGetJoinableOrgs, useJoinOrg } from "orgauth/react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { invalidIf } from "../../components/error-text.js";
import { Card, Success } from "../../components/ui.js";

/** Joinable organisations with a Join button each. */
export function JoinableOrgsCard() {
  const joinable = useGetJoinableOrgs();
  const join = useJoinOrg();
  return (
    <Card title="Organisations you can join">
      {joinable.isPending && <p>Loading…</p>}
      <ErrorMessage error={joinable.error ?? join.error} />
      {join.isSuccess && <Success>You joined {join.data.org_id}.</Success>}
      {joinable.data &&
        (joinable.data.orgs.length === 0 ? (
          <p className="muted">No organisation accepts your email domain.</p>
        ) : (
          <ul className="plain">
            {joinable.data.orgs.map((org) => (
              <li key={org.id} className="actions" style={{ justifyContent: "space-between", marginBottom: "0.4rem" }}>
                <span>{org.name}</span>
                <button
                  type="button"
                  className="secondary"
                  disabled={join.isPending}
                  onClick={() => join.mutate({ path: { orgId: org.id } })}
                >
                  Join {org.name}
                </button>
              </li>
            ))}
          </ul>
        ))}
    </Card>
  );
}

/** The create-organisation form. */
export function CreateOrgCard({ canCreate, onCreated }: { canCreate: boolean; onCreated?: (orgId: string) => void }) {
  const [name, setName] = useState("");
  const [autojoin, setAutojoin] = useState(false);
  const [restrict, setRestrict] = useState(false);
  const create = useCreateOrg({ onSuccess: (data) => onCreated?.(data.org_id) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ body: { name, autojoin_by_domain: autojoin, restrict_to_domain: restrict } });
  };
  return (
    <Card title="Create an organisation">
      {!canCreate ? (
        <p className="muted">Your account may not create organisations.</p>
      ) : (
        <form onSubmit={submit}>
          <label>
            Name
            <input
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Hooli"
              {...invalidIf(create.error, "name", "create-org-error")}
            />
          </label>
          <label className="check">
            <input type="checkbox" checked={autojoin} onChange={(event) => setAutojoin(event.target.checked)} />
            Let colleagues with my email domain join
          </label>
          <label className="check">
            <input type="checkbox" checked={restrict} onChange={(event) => setRestrict(event.target.checked)} />
            Only allow my email domain
          </label>
          <div className="actions">
            <button type="submit" disabled={create.isPending}>
              Create organisation
            </button>
          </div>
          <ErrorMessage error={create.error} id="create-org-error" />
          {create.isSuccess && (
            <Success>
              Created {create.data.org_id}
              {create.data.first_org ? " — your first organisation" : ""}.
            </Success>
          )}
        </form>
      )}
    </Card>
  );
}
