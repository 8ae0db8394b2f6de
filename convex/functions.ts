/**
 * The only place that wraps Convex's query, mutation and action builders. Every public and
 * internal function in convex/ is declared through one of these, so authentication and
 * authorization are decided here, once (ARCHITECTURE §4). Importing the raw builders from
 * ./_generated/server anywhere else is a lint error.
 */
import { customAction, customMutation, customQuery, NoOp } from "convex-helpers/server/customFunctions";
import {
  action,
  internalAction as rawInternalAction,
  internalMutation as rawInternalMutation,
  internalQuery as rawInternalQuery,
  mutation,
  query,
} from "./_generated/server";

/** Open to everyone, signed in or not: only for data that is public by nature. */
export const publicQuery = customQuery(query, NoOp);
export const publicMutation = customMutation(mutation, NoOp);
export const publicAction = customAction(action, NoOp);

/** Callable only from other Convex functions, the scheduler, crons and http actions. */
export const internalQuery = customQuery(rawInternalQuery, NoOp);
export const internalMutation = customMutation(rawInternalMutation, NoOp);
export const internalAction = customAction(rawInternalAction, NoOp);
