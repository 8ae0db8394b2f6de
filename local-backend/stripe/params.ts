/** Reading Stripe request parameters from a parsed form, with Stripe's errors for missing or malformed ones. */
import { invalidParam, missingParam } from "./errors";
import type { Form, FormValue } from "./form";
import type { Metadata } from "./objects";

export function optionalString(form: Form, name: string, param = name): string | undefined {
  const value = form[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalidParam(param, `Invalid string: ${param}`);
  return value;
}

export function requiredString(form: Form, name: string, param = name): string {
  const value = optionalString(form, name, param);
  if (value === undefined || value === "") throw missingParam(param);
  return value;
}

export function optionalInteger(form: Form, name: string, param = name): number | undefined {
  const value = optionalString(form, name, param);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw invalidParam(param, `Invalid integer: ${value}`);
  return Number(value);
}

export function optionalBoolean(form: Form, name: string, param = name): boolean | undefined {
  const value = optionalString(form, name, param);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalidParam(param, `Invalid boolean: ${value}`);
  return value === "true";
}

export function optionalForm(form: Form, name: string, param = name): Form | undefined {
  const value = form[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw invalidParam(param, `Invalid object: ${param}`);
  return value;
}

export function optionalList(form: Form, name: string): FormValue[] {
  const value = form[name];
  if (value === undefined || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

/** Metadata to set, Stripe's way: a key with an empty value is removed, and `metadata=""` clears them all. */
export function mergeMetadata(current: Metadata, form: Form): Metadata {
  if (form.metadata === "") return {};
  const update = optionalForm(form, "metadata");
  if (!update) return current;
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (typeof value !== "string") throw invalidParam(`metadata[${key}]`, `Invalid string: metadata[${key}]`);
    if (value === "") delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** `expand[0]=a&expand[1]=b` or `expand[]=a`, as dotted paths. */
export function expandPaths(form: Form): string[] {
  return optionalList(form, "expand").filter((path): path is string => typeof path === "string");
}
