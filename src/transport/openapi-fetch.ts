/**
 * For apps that call the contract with openapi-fetch instead of orgauth's fetchers: a `paths` shape whose fixed
 * headers a call need not repeat (a middleware of the app's sends them). Types only: no byte of it reaches a bundle.
 */

/**
 * An openapi-typescript `paths` type with the header parameters named `Names` optional on every operation (still
 * typed: a wrong value is refused). A call that gave no other header may then leave `params.header` out.
 */
export type WithOptionalHeaders<Paths, Names extends string> = {
  [Path in keyof Paths]: { [Key in keyof Paths[Path]]: OperationWithOptionalHeaders<Paths[Path][Key], Names> };
};

/** One operation (or a path item's other members, left as they are) with the named header parameters optional. */
type OperationWithOptionalHeaders<Operation, Names extends string> = Operation extends {
  parameters: { header: infer Header };
}
  ? {
      [Key in keyof Operation]: Key extends "parameters"
        ? ParametersWithOptional<Operation[Key], Header, Names>
        : Operation[Key];
    }
  : Operation;

/** An operation's parameters whose `header` lost the named members' requirement (and is optional when nothing is left). */
type ParametersWithOptional<Parameters, Header, Names extends string> = {
  [Key in keyof Parameters as Key extends "header" ? never : Key]: Parameters[Key];
} & HeaderMember<
  { [Key in keyof Header as Key extends Names ? never : Key]: Header[Key] } & {
    [Key in keyof Header as Key extends Names ? Key : never]?: Header[Key];
  }
>;

/** `header` as a required member while it has a required key, optional otherwise. */
type HeaderMember<Header> = Record<never, never> extends Header ? { header?: Header } : { header: Header };
