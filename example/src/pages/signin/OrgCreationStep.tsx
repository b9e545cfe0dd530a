/** OrgCreationRequired: join an organisation that accepts the user's domain (`flow.joinOrg`) or create one (`flow.createOrg`). */
import { useState, type FormEvent } from "react";
import { useGetJoinableOrgs } from "orgauth/react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { Card } from "../../components/ui.js";
import type { FlowAt } from "./flow-step.js";

type Acted = "join" | "create" | null;

/** The join-or-create step; the flow's error shows under the card whose action caused it. */
export function OrgCreationStep({ flow }: { flow: FlowAt<"OrgCreationRequired"> }) {
  const [acted, setActed] = useState<Acted>(null);
  return (
    <>
      <h1>Join or create an organisation</h1>
      <JoinableOrgs flow={flow} error={acted === "join" ? flow.error : null} onAct={() => setActed("join")} />
      <CreateOrgForm flow={flow} error={acted === "create" ? flow.error : null} onAct={() => setActed("create")} />
    </>
  );
}

interface PartProps {
  flow: FlowAt<"OrgCreationRequired">;
  error: unknown;
  onAct: () => void;
}

function JoinableOrgs({ flow, error, onAct }: PartProps) {
  const joinable = useGetJoinableOrgs();
  const orgs = joinable.data?.orgs;
  return (
    <Card title="Organisations you can join">
      {joinable.isPending && <p className="muted">Loading…</p>}
      <ErrorMessage error={joinable.error ?? error} />
      {orgs?.length === 0 && <p className="muted">No organisation accepts your email domain.</p>}
      {orgs && orgs.length > 0 && (
        <ul className="plain org-list">
          {orgs.map((org) => (
            <li key={org.id}>
              <span>{org.name}</span>
              <button
                type="button"
                className="secondary"
                disabled={flow.pending}
                onClick={() => {
                  onAct();
                  void flow.joinOrg(org.id);
                }}
              >
                Join {org.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function CreateOrgForm({ flow, error, onAct }: PartProps) {
  const [name, setName] = useState("");
  const [autojoin, setAutojoin] = useState(false);
  const [restrict, setRestrict] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAct();
    void flow.createOrg({ name, autojoin_by_domain: autojoin, restrict_to_domain: restrict });
  };
  return (
    <Card title="Create an organisation">
      <form onSubmit={submit}>
        <label>
          Name
          <input required value={name} onChange={(event) => setName(event.target.value)} placeholder="Hooli" />
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
          <button type="submit" disabled={flow.pending}>
            Create organisation
          </button>
        </div>
        <ErrorMessage error={error} />
      </form>
    </Card>
  );
}
