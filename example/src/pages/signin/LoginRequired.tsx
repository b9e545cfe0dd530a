/** The first login step: password, magic link, SSO, social providers, sign up, forgot password, hosted pages. */
import { useState, type FormEvent } from "react";
import { SOCIAL_LOGIN_PROVIDERS } from "orgauth";
import { useForgotPassword, useLogin, useLoginPasswordless, useSignup } from "orgauth/react";
import { authClient } from "../../auth-client.js";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { Success } from "../../components/ui.js";

type Tab = "password" | "magic" | "sso" | "signup" | "forgot";
const TABS: { id: Tab; label: string }[] = [
  { id: "password", label: "Password" },
  { id: "magic", label: "Magic link" },
  { id: "sso", label: "SSO" },
  { id: "signup", label: "Sign up" },
  { id: "forgot", label: "Forgot password" },
];

/** The LoginRequired step. */
export function LoginRequiredStep({ initialTab, returnTo }: { initialTab: Tab; returnTo: string }) {
  const [tab, setTab] = useState<Tab>(initialTab);
  return (
    <>
      <section className="card" aria-label="Sign in">
        <h1>{tab === "signup" ? "Create your account" : "Sign in to Acme"}</h1>
        <div className="tabs" role="tablist">
          {TABS.map((candidate) => (
            <button key={candidate.id} type="button" role="tab" aria-selected={tab === candidate.id} onClick={() => setTab(candidate.id)}>
              {candidate.label}
            </button>
          ))}
        </div>
        {tab === "password" && <PasswordForm />}
        {tab === "magic" && <MagicLinkForm />}
        {tab === "sso" && <SsoForm />}
        {tab === "signup" && <SignupForm />}
        {tab === "forgot" && <ForgotPasswordForm />}
        <h3>Or continue with</h3>
        <div className="providers">
          {SOCIAL_LOGIN_PROVIDERS.map((provider) => (
            <button key={provider} type="button" onClick={() => authClient.redirects.toSocialLogin(provider)}>
              {provider[0]?.toUpperCase() + provider.slice(1)}
            </button>
          ))}
        </div>
      </section>
      <HostedPageLinks returnTo={returnTo} />
    </>
  );
}

function PasswordForm() {
  const [email, setEmail] = useState("ada@acme.example");
  const [password, setPassword] = useState("");
  const login = useLogin();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ body: { email, password } });
  };
  return (
    <form onSubmit={submit}>
      <label>
        Email
        <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label>
        Password
        <input type="password" required value={password} onChange={(event) => setPassword(event.target.value)} />
      </label>
      <button type="submit" disabled={login.isPending}>
        Sign in
      </button>
      <ErrorMessage error={login.error} />
      <p className="muted small">Any email and password work against the mock; pick a scenario below for the other answers.</p>
    </form>
  );
}

function MagicLinkForm() {
  const [email, setEmail] = useState("");
  const send = useLoginPasswordless();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ body: { email, create_if_doesnt_exist: true } });
  };
  return (
    <form onSubmit={submit}>
      <label>
        Email
        <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <button type="submit" disabled={send.isPending}>
        Email me a sign-in link
      </button>
      <ErrorMessage error={send.error} />
      {send.isSuccess && <Success>Check {send.variables.body.email}: a sign-in link is on its way.</Success>}
    </form>
  );
}

function SsoForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await authClient.loginWithSaml(email.includes("@") ? { email } : { domain: email });
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={submit}>
      <label>
        Work email or domain
        <input required value={email} onChange={(event) => setEmail(event.target.value)} placeholder="you@acme.example or acme.example" />
      </label>
      <button type="submit" disabled={pending}>
        Continue with SSO
      </button>
      <ErrorMessage error={error} />
    </form>
  );
}

function SignupForm() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const signup = useSignup();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signup.mutate({ body: { email, password, first_name: firstName, last_name: lastName } });
  };
  return (
    <form onSubmit={submit}>
      <div className="grid">
        <label>
          First name
          <input value={firstName} onChange={(event) => setFirstName(event.target.value)} />
        </label>
        <label>
          Last name
          <input value={lastName} onChange={(event) => setLastName(event.target.value)} />
        </label>
      </div>
      <label>
        Email
        <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label>
        Password
        <input type="password" required value={password} onChange={(event) => setPassword(event.target.value)} />
      </label>
      <button type="submit" disabled={signup.isPending}>
        Create account
      </button>
      <ErrorMessage error={signup.error} />
    </form>
  );
}

function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const forgot = useForgotPassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    forgot.mutate({ body: { email } });
  };
  return (
    <form onSubmit={submit}>
      <label>
        Email
        <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <button type="submit" disabled={forgot.isPending}>
        Send reset link
      </button>
      <ErrorMessage error={forgot.error} />
      {forgot.data && (
        <div role="status" className="success">
          <p>{forgot.data.message}</p>
          <div className="actions">
            {Object.entries(forgot.data.sniper_links).map(([provider, href]) => (
              <a key={provider} href={href} target="_blank" rel="noreferrer">
                Open {provider}
              </a>
            ))}
          </div>
        </div>
      )}
    </form>
  );
}

/** The provider's hosted pages, with the return address encoded in `rt`. */
function HostedPageLinks({ returnTo }: { returnTo: string }) {
  const back = new URL(returnTo, window.location.href).href;
  const links = [
    { label: "Hosted login", href: authClient.urls.login({ returnTo: back }) },
    { label: "Hosted signup", href: authClient.urls.signup({ returnTo: back }) },
    { label: "Hosted account page", href: authClient.urls.account({ returnTo: back }) },
    { label: "Hosted create-org page", href: authClient.urls.createOrg({ returnTo: back }) },
  ];
  return (
    <section className="card" aria-label="Hosted pages">
      <h2>Hosted pages</h2>
      <p className="muted small">
        The provider's own pages live on the auth origin. In the demo that origin is this app, so these links open the
        demo's screens; <code>rt</code> carries the return address.
      </p>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.href}>{link.label}</a> <code className="muted small">{new URL(link.href).pathname + new URL(link.href).search}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
