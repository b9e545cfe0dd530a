/** The login steps after LoginRequired: MFA code or backup code, confirm email, profile, org, password, enable MFA. */
import { useState, type FormEvent } from "react";
import { useResendEmailConfirmation, useVerifyBackupCode, useVerifyMfa } from "orgauth/react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { Success } from "../../components/ui.js";
import { MfaCard, PasswordCard } from "../AccountPage.js";
import { CreateOrgCard, JoinableOrgsCard } from "../organisations/JoinOrCreate.js";
import { useUpdateMetadata } from "orgauth/react";

/** TwoFactorRequired: a code from the authenticator app, or a backup code. */
export function TwoFactorStep() {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState("");
  const [remember, setRemember] = useState(false);
  const verify = useVerifyMfa();
  const verifyBackup = useVerifyBackupCode();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (useBackup) verifyBackup.mutate({ body: { code } });
    else verify.mutate({ body: { code, remember_device: remember } });
  };
  return (
    <section className="card" aria-label="Two-factor authentication">
      <h1>Two-factor authentication</h1>
      <form onSubmit={submit}>
        <label>
          {useBackup ? "Backup code" : "Code from your authenticator app"}
          <input value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" placeholder={useBackup ? "7kq2-9fzd" : "123456"} />
        </label>
        {!useBackup && (
          <label className="check">
            <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            Remember this device
          </label>
        )}
        <button type="submit" disabled={verify.isPending || verifyBackup.isPending}>
          Verify
        </button>
        <button
          type="button"
          className="link"
          onClick={() => {
            setUseBackup(!useBackup);
            setCode("");
          }}
        >
          {useBackup ? "Use a code from the app instead" : "Use a backup code instead"}
        </button>
        <ErrorMessage error={useBackup ? verifyBackup.error : verify.error} />
      </form>
    </section>
  );
}

/** ConfirmEmailRequired: resend the email; in the demo resending stands in for clicking the emailed link. */
export function ConfirmEmailStep({ onConfirmed }: { onConfirmed: () => void }) {
  const resend = useResendEmailConfirmation();
  return (
    <section className="card" aria-label="Confirm your email">
      <h1>Confirm your email</h1>
      <p>We sent you a link. Click it to confirm your address, then continue.</p>
      <div className="actions">
        <button type="button" className="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
          Resend the email
        </button>
        <button type="button" onClick={onConfirmed}>
          I have confirmed it
        </button>
      </div>
      <ErrorMessage error={resend.error} />
      {resend.isSuccess && <Success>Email sent. (In the demo this counts as clicking its link.)</Success>}
    </section>
  );
}

/** UserMetadataRequired: the profile fields the project requires. */
export function UserMetadataStep() {
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [username, setUsername] = useState("");
  const update = useUpdateMetadata();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ body: { first_name: firstName, last_name: lastName, username } });
  };
  return (
    <section className="card" aria-label="Tell us about yourself">
      <h1>Tell us about yourself</h1>
      <form onSubmit={submit}>
        <label>
          First name
          <input required value={firstName} onChange={(event) => setFirstName(event.target.value)} />
        </label>
        <label>
          Last name
          <input required value={lastName} onChange={(event) => setLastName(event.target.value)} />
        </label>
        <label>
          Username
          <input value={username} onChange={(event) => setUsername(event.target.value)} />
        </label>
        <button type="submit" disabled={update.isPending}>
          Continue
        </button>
        <ErrorMessage error={update.error} />
      </form>
    </section>
  );
}

/** OrgCreationRequired: join an organisation or create one. */
export function OrgCreationStep() {
  return (
    <>
      <h1>Join or create an organisation</h1>
      <JoinableOrgsCard />
      <CreateOrgCard canCreate />
    </>
  );
}

/** UpdatePasswordRequired: choose a new password. */
export function UpdatePasswordStep() {
  return <PasswordCard user={undefined} title="Choose a new password" />;
}

/** TwoFactorEnablementRequired: turn on MFA. */
export function TwoFactorEnablementStep() {
  return <MfaCard title="Turn on two-factor authentication" />;
}
