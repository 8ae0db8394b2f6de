/**
 * The only place that wraps Convex's query, mutation and action builders. Every public and
 * internal function in convex/ is declared through one of these, so authentication and
 * authorization are decided here, once, from the caller's `users` row (ARCHITECTURE §4).
 * Importing the raw builders from ./_generated/server anywhere else is a lint error.
 *
 * Each public wrapper tags what it builds with its access level, so the authorization matrix
 * test can find every public function and check it for every role.
 *
 * Every wrapper checks a call's arguments against the bounds their validators carry
 * (model/bounds.ts) before the handler runs: a value past its bound is refused with
 * INVALID_INPUT naming the argument, and the handler never sees it.
 */
import { customAction, customCtx, customMutation, customQuery, NoOp } from "convex-helpers/server/customFunctions";
import { makeFunctionReference, type RegisteredQuery, type UserIdentity } from "convex/server";
import type { Doc } from "./_generated/dataModel";
import {
  action,
  internalAction as rawInternalAction,
  internalMutation as rawInternalMutation,
  internalQuery as rawInternalQuery,
  mutation,
  query,
  type ActionCtx,
  type QueryCtx,
} from "./_generated/server";
import { v, type GenericValidator, type Infer, type ObjectType, type PropertyValidators, type Validator } from "convex/values";
import { boundsViolations } from "./model/bounds";
import { userError } from "./model/errors";
import { allows, hasPermission, type AccessLevel } from "./model/permissions";
import { findUserByToken } from "./model/users";

export type Caller = { identity: UserIdentity | null; user: Doc<"users"> | null };

async function caller(ctx: Pick<QueryCtx, "auth" | "db">): Promise<Caller> {
  const identity = await ctx.auth.getUserIdentity();
  const user = identity ? await findUserByToken(ctx.db, identity.tokenIdentifier) : null;
  return { identity, user };
}

/** The signed-in, active user, allowed at `level`; anything else is a ConvexError the client can show. */
async function requireUser(ctx: Pick<QueryCtx, "auth" | "db">, level: Exclude<AccessLevel, "public" | "identity">) {
  const { identity, user } = await caller(ctx);
  if (!identity || !user) throw userError("UNAUTHENTICATED");
  if (user.status !== "active") throw userError("ACCOUNT_DEACTIVATED");
  if (!allows(level, user)) throw userError("FORBIDDEN");
  return { identity, viewer: user };
}

/**
 * users:byToken, referenced by name: `internal` from _generated/api would make every function's
 * type depend on this file's, a cycle TypeScript cannot resolve.
 */
const userByToken = makeFunctionReference<"query", { tokenIdentifier: string }, Doc<"users"> | null>("users:byToken");

/** requireUser for actions, which have no database: the users row is read through a query. */
async function requireUserInAction(ctx: Pick<ActionCtx, "auth" | "runQuery">, level: Exclude<AccessLevel, "public" | "identity">) {
  const identity = await ctx.auth.getUserIdentity();
  const user = identity ? await ctx.runQuery(userByToken, { tokenIdentifier: identity.tokenIdentifier }) : null;
  if (!identity || !user) throw userError("UNAUTHENTICATED");
  if (user.status !== "active") throw userError("ACCOUNT_DEACTIVATED");
  if (!allows(level, user)) throw userError("FORBIDDEN");
  return { identity, viewer: user };
}

async function requireIdentity(ctx: Pick<QueryCtx, "auth">) {
  const identity = await ctx.auth.getUserIdentity();
  if (!identity) throw userError("UNAUTHENTICATED");
  return { identity };
}

interface Definition {
  args?: PropertyValidators | GenericValidator;
  handler: (ctx: unknown, args: Record<string, unknown>) => unknown;
}

/** The definition with its handler behind the bounds check of its `args`. */
function bounded(definition: Definition): Definition {
  const { args, handler } = definition;
  if (!args) return definition;
  return {
    ...definition,
    handler: (ctx, input) => {
      const violations = boundsViolations(args, input);
      if (violations.length > 0) throw userError("INVALID_INPUT", Object.fromEntries(violations.map(({ path, message }) => [path, message])));
      return handler(ctx, input);
    },
  };
}

/** A builder whose functions check their arguments' bounds first. */
function checked<B extends (definition: never) => unknown>(builder: B): B {
  return ((definition: never) => builder(bounded(definition) as never)) as B;
}

/**
 * Records the access level on the registered function, for the authorization matrix test, and
 * its argument validators, for the test that every argument is bounded.
 */
function tagged<B extends (definition: never) => unknown>(access: AccessLevel, builder: B): B {
  return ((definition: never) => Object.assign(checked(builder)(definition) as object, { access, argsValidators: (definition as Definition).args })) as B;
}

/** Open to everyone, signed in or not; `ctx.viewer` is the caller's users row when there is one. */
export const publicQuery = tagged("public", customQuery(query, customCtx(async (ctx) => ({ viewer: (await caller(ctx)).user }))));
export const publicMutation = tagged("public", customMutation(mutation, customCtx(async (ctx) => ({ viewer: (await caller(ctx)).user }))));
export const publicAction = tagged("public", customAction(action, NoOp));

/** Any signed-in identity, even one whose users row does not exist yet (first sign-in). */
export const identityMutation = tagged("identity", customMutation(mutation, customCtx(requireIdentity)));

/** Active users, guests included: reading, and changing their own account. */
export const memberQuery = tagged("member", customQuery(query, customCtx((ctx) => requireUser(ctx, "member"))));
export const memberMutation = tagged("member", customMutation(mutation, customCtx((ctx) => requireUser(ctx, "member"))));
/** Active users, for work that calls outside services (payments); `ctx.viewer` as in memberMutation. */
export const memberAction = tagged("member", customAction(action, customCtx((ctx) => requireUserInAction(ctx, "member"))));

/**
 * What a shared query may know of its caller: only whether they are staff (coaches and admins,
 * who moderate and so also see what is hidden), never who they are.
 */
export const standingValidator = v.object({ staff: v.boolean() });
export type Standing = Infer<typeof standingValidator>;

function standingOf(user: Doc<"users">): Standing {
  return { staff: hasPermission(user.role, "moderate") };
}

/**
 * The arguments without their page's `id`: usePaginatedQuery numbers each page it subscribes to
 * so that a client tells its own pages apart; what a page holds does not depend on it, so callers
 * whose pages are numbered differently still ask the inner query the same.
 */
function withoutPageId<A extends Record<string, unknown>>(args: A): A {
  const page = args.paginationOpts;
  if (typeof page !== "object" || page === null || !("id" in page)) return args;
  const rest: Record<string, unknown> = { ...page };
  delete rest.id;
  return { ...args, paginationOpts: rest };
}

/**
 * A member's query whose result is the same for every caller of one standing (a forum page):
 * the caller is checked as in memberQuery, then `inner`, an internal query taking the same
 * arguments and `standing`, computes the result, which is returned as it is. The public handler
 * does nothing else, and says so with `passThrough`: the embedded backend then runs `inner` once
 * per change for every subscriber of one standing, and checks each caller's own reads (their
 * users row) apart. On Convex it is an ordinary query that calls another.
 *
 * `inner` is named as text ("module:export"): a typed reference to a function of the caller's own
 * module would make that module's types depend on themselves.
 */
export function sharedMemberQuery<Args extends PropertyValidators, Returns extends Validator<unknown, "required", string>>(definition: {
  args: Args;
  returns: Returns;
  inner: string;
}): RegisteredQuery<"public", ObjectType<Args>, Promise<Infer<Returns>>> {
  const inner = makeFunctionReference<"query">(definition.inner);
  const handler = (ctx: Pick<QueryCtx, "runQuery"> & { viewer: Doc<"users"> }, args: ObjectType<Args>) =>
    ctx.runQuery(inner, { ...withoutPageId(args), standing: standingOf(ctx.viewer) });
  // The builder's generics cannot follow `Args` and `Returns` through; the types are the ones declared above.
  const registered = memberQuery({ args: definition.args, returns: definition.returns, handler } as never) as object;
  return Object.assign(registered, { passThrough: true }) as unknown as RegisteredQuery<"public", ObjectType<Args>, Promise<Infer<Returns>>>;
}

/** Active users who are not guests (guests are read-only): reads that only writers have a use for. */
export const writerQuery = tagged("writer", customQuery(query, customCtx((ctx) => requireUser(ctx, "writer"))));
/** Active users who are not guests (guests are read-only). */
export const writerMutation = tagged("writer", customMutation(mutation, customCtx((ctx) => requireUser(ctx, "writer"))));

/** Coaches and admins. */
export const staffQuery = tagged("staff", customQuery(query, customCtx((ctx) => requireUser(ctx, "staff"))));
export const staffMutation = tagged("staff", customMutation(mutation, customCtx((ctx) => requireUser(ctx, "staff"))));

/** Admins: managing users. */
export const adminQuery = tagged("admin", customQuery(query, customCtx((ctx) => requireUser(ctx, "admin"))));
export const adminMutation = tagged("admin", customMutation(mutation, customCtx((ctx) => requireUser(ctx, "admin"))));
/** Admins, for work that measures or calls outside services (health checks). */
export const adminAction = tagged("admin", customAction(action, customCtx((ctx) => requireUserInAction(ctx, "admin"))));

/** Callable only from other Convex functions, the scheduler, crons and http actions. */
export const internalQuery = checked(customQuery(rawInternalQuery, NoOp));
export const internalMutation = checked(customMutation(rawInternalMutation, NoOp));
export const internalAction = checked(customAction(rawInternalAction, NoOp));
