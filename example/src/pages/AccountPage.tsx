/** Account: profile metadata, email, password, MFA (QR secret, backup codes), delete account. */
import { useState, type FormEvent } from "react";
import { useDeleteMe, useUpdateEmail, useUpdateMetadata, useUpdatePassword } from "orgauth/react";
import type { User } from "orgauth";
import { ErrorMessage } from "../components/ErrorMessage.js";
import { invalidIf } from "../components/error-text.js";
import { formatSeconds } from "../components/labels.js";
import { Card, Success } from "../components/ui.js";
import { MfaCard } from "./MfaCard.js";

/** The account screen of the logged-in user. */
export function AccountPage({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  return (
    <>
      <h1>Account</h1>
      <p className="muted">
        {user.email} · member since {formatSeconds(user.createdAt)} · email{" "}
        {user.emailConfirmed ? "confirmed" : "not confirmed"}
      </p>
      <div className="grid">
        <ProfileCard user={user} />
        <div>
          <EmailCard user={user} />
          <PasswordCard user={user} />
        </div>
      </div>
      <MfaCard />
      <DeleteAccountCard onDeleted={onDeleted} />
    </>
  );
}

/** First name, last name, username and a custom property. */
function ProfileCard({ user }: { user: User }) {
  const [firstName, setFirstName] = useState(user.firstName ?? "");
  const [lastName, setLastName] = useState(user.lastName ?? "");
  const [username, setUsername] = useState(user.username ?? "");
  const [favoriteColor, setFavoriteColor] = useState(String(user.properties.favorite_color ?? ""));
  const update = useUpdateMetadata();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      body: { first_name: firstName, last_name: lastName, username, properties: { favorite_color: favoriteColor } },
    });
  };
  return (
    <Card title="Profile">
      <form onSubmit={submit}>
        <label>
          First name
          <input
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            {...invalidIf(update.error, "first_name", "profile-error")}
          />
        </label>
        <label>
          Last name
          <input
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            {...invalidIf(update.error, "last_name", "profile-error")}
          />
        </label>
        <label>
          Username
          <input
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            {...invalidIf(update.error, "username", "profile-error")}
          />
        </label>
        <label>
          Favourite colour (a custom property)
          <input value={favoriteColor} onChange={(event) => setFavoriteColor(event.target.value)} />
        </label>
        <div className="actions">
          <button type="submit" disabled={update.isPending}>
            Save profile
          </button>
        </div>
        <ErrorMessage error={update.error} id="profile-error" />
        {update.isSuccess && <Success>Profile saved.</Success>}
      </form>
    </Card>
  );
}

function EmailCard({ user }: { user: User }) {
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const update = useUpdateEmail();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ body: { new_email: newEmail, ...(user.hasPassword ? { password } : {}) } });
  };
  return (
    <Card title="Email">
      <form onSubmit={submit}>
        <label>
          New email address
          <input
            type="email"
            autoComplete="email"
            required
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
            {...invalidIf(update.error, "new_email", "email-error")}
          />
        </label>
        {user.hasPassword && (
          <label>
            Your password
            <input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              {...invalidIf(update.error, "password", "email-error")}
            />
          </label>
        )}
        <div className="actions">
          <button type="submit" disabled={update.isPending}>
            Change email
          </button>
        </div>
        <ErrorMessage error={update.error} id="email-error" />
        {update.isSuccess && <Success>Check {update.variables.body.new_email} for a confirmation link.</Success>}
      </form>
    </Card>
  );
}

/** Change the password (the current one is asked for when the user has one), or set a first one. */
function PasswordCard({ user }: { user: User }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const update = useUpdatePassword();
  const needsCurrent = user.hasPassword;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ body: { password: next, ...(needsCurrent ? { current_password: current } : {}) } });
  };
  return (
    <Card title="Password">
      <form onSubmit={submit}>
        {/* for password managers: whose password this is */}
        <input type="email" autoComplete="username" value={user.email} readOnly hidden />
        {needsCurrent && (
          <label>
            Current password
            <input
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
              {...invalidIf(update.error, "current_password", "password-error")}
            />
          </label>
        )}
        <label>
          New password
          <input
            type="password"
            autoComplete="new-password"
            required
            value={next}
            onChange={(event) => setNext(event.target.value)}
            {...invalidIf(update.error, "password", "password-error")}
          />
        </label>
        <div className="actions">
          <button type="submit" disabled={update.isPending}>
            {needsCurrent ? "Change password" : "Set password"}
          </button>
        </div>
        <ErrorMessage error={update.error} id="password-error" />
        {update.isSuccess && <Success>Password updated.</Success>}
      </form>
    </Card>
  );
}

function DeleteAccountCard({ onDeleted }: { onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMe({ onSuccess: onDeleted });
  return (
    <Card title="Delete account">
      <p className="muted">Deleting your account removes you from every organisation and logs you out.</p>
      <div className="actions">
        {!confirming ? (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Delete my account
          </button>
        ) : (
          <>
            <span>This cannot be undone.</span>
            <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Yes, delete my account
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        )}
      </div>
      <ErrorMessage error={remove.error} />
    </Card>
  );
}
