/** The active org's settings: view, update (when allowed), SAML setup link, delete. */
import { useEffect, useState, type FormEvent } from "react";
import { useDeleteOrg, useGetOrgSettings, useHostedPageUrls, useUpdateOrgMetadata } from "orgauth/react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { invalidIf } from "../../components/error-text.js";
import { DateFields } from "../../components/DateFields.js";
import { Card, Success } from "../../components/ui.js";
import type { OrgAccess } from "./OrganisationsPage.js";

/** Settings card of the active org (keyed by org id by its parent, so switching orgs starts it afresh). */
export function OrgSettingsCard({ access }: { access: OrgAccess }) {
  const orgId = access.org.orgId;
  const settings = useGetOrgSettings({ query: { org_id: orgId } });
  const update = useUpdateOrgMetadata();
  const remove = useDeleteOrg();
  const hostedPages = useHostedPageUrls();
  const [name, setName] = useState("");
  const [autojoin, setAutojoin] = useState(false);
  const [restrict, setRestrict] = useState(false);
  const [require2faBy, setRequire2faBy] = useState("");
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    if (!settings.data) return;
    setName(settings.data.org_name);
    setAutojoin(settings.data.autojoin_by_domain);
    setRestrict(settings.data.restrict_to_domain);
    setRequire2faBy(settings.data.require_2fa_by?.slice(0, 10) ?? "");
  }, [settings.data]);

  if (settings.isPending) return <Card title="Settings">Loading settings…</Card>;
  if (settings.isError) {
    return (
      <Card title="Settings">
        <ErrorMessage error={settings.error} />
      </Card>
    );
  }
  const data = settings.data;
  const editable = data.user_can_update_org_settings;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      body: {
        org_id: orgId,
        name,
        autojoin_by_domain: autojoin,
        restrict_to_domain: restrict,
        require_2fa_by: require2faBy ? new Date(`${require2faBy}T00:00:00Z`).toISOString() : null,
      },
    });
  };
  const samlUrl = hostedPages.saml(orgId, { returnTo: window.location.href });
  return (
    <Card title="Settings">
      <form onSubmit={submit}>
        <label>
          Organisation name
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={!editable}
            {...invalidIf(update.error, "name", "org-settings-error")}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={autojoin}
            onChange={(event) => setAutojoin(event.target.checked)}
            disabled={!editable}
          />
          Anyone with an @{data.existing_domain ?? data.current_user_domain} address may join
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={restrict}
            onChange={(event) => setRestrict(event.target.checked)}
            disabled={!editable}
          />
          Only @{data.existing_domain ?? data.current_user_domain} addresses may be members
        </label>
        <div className="field">
          <span>Require two-factor authentication from</span>
          <DateFields
            label="Require two-factor authentication from"
            value={require2faBy}
            onChange={setRequire2faBy}
            disabled={!editable}
          />
        </div>
        {editable ? (
          <div className="actions">
            <button type="submit" disabled={update.isPending}>
              Save settings
            </button>
          </div>
        ) : (
          <p className="muted">You can view these settings but not change them.</p>
        )}
        <ErrorMessage error={update.error} id="org-settings-error" />
        {update.isSuccess && <Success>Settings saved.</Success>}
      </form>
      <h3>Single sign-on</h3>
      <p>
        SAML is {data.is_saml_enabled ? (data.is_saml_in_test_mode ? "in test mode" : "on") : "off"} · SCIM is{" "}
        {data.is_scim_enabled ? "on" : "off"}.{" "}
        {data.can_setup_saml ? (
          <a href={samlUrl}>Set up SAML</a>
        ) : (
          <span className="muted">Your plan or role cannot set up SAML.</span>
        )}
      </p>
      <h3>Danger zone</h3>
      {!access.isOwner && <p className="muted">Only an owner of {access.org.orgName} may delete it.</p>}
      {access.isOwner && (
        <>
          <div className="actions">
            {!confirmDelete ? (
              <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
                Delete organisation
              </button>
            ) : (
              <>
                <span>Delete {access.org.orgName} for everyone?</span>
                <button
                  type="button"
                  className="danger"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ body: { org_id: orgId } })}
                >
                  Yes, delete {access.org.orgName}
                </button>
                <button type="button" className="secondary" onClick={() => setConfirmDelete(false)}>
                  Cancel
                </button>
              </>
            )}
          </div>
          <ErrorMessage error={remove.error} />
          {remove.isSuccess && <Success>{access.org.orgName} was deleted.</Success>}
        </>
      )}
    </Card>
  );
}
