/** Small presentational helpers shared by the demo's screens. */
import type { ReactNode } from "react";

/** A titled card. */
export function Card({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <div className="actions" style={{ justifyContent: "space-between" }}>
        <h2>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Previous / next buttons for a paged list (0-based page numbers). */
export function Pager(props: {
  page: number;
  hasMore: boolean;
  total?: number;
  onPage: (page: number) => void;
  label: string;
}) {
  return (
    <nav className="pager" aria-label={`${props.label} pages`}>
      <button
        type="button"
        className="secondary"
        disabled={props.page === 0}
        onClick={() => props.onPage(props.page - 1)}
      >
        Previous
      </button>
      <span>
        Page {props.page + 1}
        {props.total !== undefined && <span className="muted"> · {props.total} in total</span>}
      </span>
      <button
        type="button"
        className="secondary"
        disabled={!props.hasMore}
        onClick={() => props.onPage(props.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** A green confirmation line. */
export function Success({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="success">
      {children}
    </p>
  );
}

/** Role names as pills. */
export function Roles({ roles }: { roles: readonly string[] }) {
  return (
    <>
      {roles.map((role) => (
        <span key={role} className="pill">
          {role}
        </span>
      ))}
    </>
  );
}
