/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";
import type * as catalog from "../catalog.js";
import type * as contact from "../contact.js";
import type * as email from "../email.js";
import type * as forms from "../forms.js";
import type * as functions from "../functions.js";
import type * as http from "../http.js";
import type * as integrations_config from "../integrations/config.js";
import type * as integrations_email from "../integrations/email.js";
import type * as integrations_identity from "../integrations/identity.js";
import type * as model_adapters from "../model/adapters.js";
import type * as model_clerk from "../model/clerk.js";
import type * as model_contact from "../model/contact.js";
import type * as model_demoContent from "../model/demoContent.js";
import type * as model_errors from "../model/errors.js";
import type * as model_messages from "../model/messages.js";
import type * as model_permissions from "../model/permissions.js";
import type * as model_products from "../model/products.js";
import type * as model_rateLimits from "../model/rateLimits.js";
import type * as model_site from "../model/site.js";
import type * as model_users from "../model/users.js";
import type * as seed from "../seed.js";
import type * as system from "../system.js";
import type * as users from "../users.js";

/**
 * A utility for referencing Convex functions in your app's API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
declare const fullApi: ApiFromModules<{
  catalog: typeof catalog;
  contact: typeof contact;
  email: typeof email;
  forms: typeof forms;
  functions: typeof functions;
  http: typeof http;
  "integrations/config": typeof integrations_config;
  "integrations/email": typeof integrations_email;
  "integrations/identity": typeof integrations_identity;
  "model/adapters": typeof model_adapters;
  "model/clerk": typeof model_clerk;
  "model/contact": typeof model_contact;
  "model/demoContent": typeof model_demoContent;
  "model/errors": typeof model_errors;
  "model/messages": typeof model_messages;
  "model/permissions": typeof model_permissions;
  "model/products": typeof model_products;
  "model/rateLimits": typeof model_rateLimits;
  "model/site": typeof model_site;
  "model/users": typeof model_users;
  seed: typeof seed;
  system: typeof system;
  users: typeof users;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;
