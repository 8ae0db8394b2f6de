import { ConvexHttpClient, type ConnectionState } from "convex/browser";
import { ConvexReactClient, type MutationOptions, type Watch, type WatchQueryOptions } from "convex/react";
import {
  getFunctionName,
  type ArgsAndOptions,
  type FunctionArgs,
  type FunctionReference,
  type FunctionReference_future,
  type FunctionReturnType,
  makeFunctionReference,
  type OptionalRestArgs,
} from "convex/server";
import { jsonToConvex, type Value } from "convex/values";
import { queryKey, snapshotValue, type ConvexSnapshot } from "@/lib/convex-snapshot";

type Ref<Kind extends "query" | "mutation" | "action"> = FunctionReference<Kind> | FunctionReference_future<Kind>;

/** One query's one-off answer, and the components watching it. */
interface Reading {
  read: () => Promise<unknown>;
  value?: unknown;
  error?: Error;
  listeners: Set<() => void>;
  /** A value the page was prerendered with: shown at once, read again once watched. */
  prerendered?: boolean;
}

/** What the connection banner and the status page read: no socket, by design, and nothing wrong. */
const NO_SOCKET: ConnectionState = {
  hasInflightRequests: false,
  isWebSocketConnected: false,
  timeOfOldestInflightRequest: null,
  hasEverConnected: false,
  connectionCount: 0,
  connectionRetries: 0,
  inflightMutations: 0,
  inflightActions: 0,
};

/**
 * Convex for a visitor who is not signed in. A visitor reading the blog or the marketplace needs
 * the data once, not a live socket: each query the page watches is read once over Convex's HTTP
 * API, and a form's mutation or action is posted the same way, after which what the page shows is
 * read again. The live client (ConvexReactClient with its WebSocket) takes over at sign-in.
 */
export class PublicConvexClient extends ConvexReactClient {
  private readonly http: ConvexHttpClient;
  private readonly readings = new Map<string, Reading>();

  /** `snapshot`: the results the page was prerendered with (src/lib/convex-snapshot.ts). */
  constructor(address: string, { http, snapshot }: { http?: ConvexHttpClient; snapshot?: ConvexSnapshot | null } = {}) {
    super(address, { logger: false });
    this.http = http ?? new ConvexHttpClient(address, { logger: false });
    for (const [key, entry] of Object.entries(snapshot ?? {})) {
      const args = jsonToConvex(entry.args) as Record<string, Value>;
      this.readings.set(key, {
        listeners: new Set(),
        read: () => this.http.query(makeFunctionReference<"query">(entry.name), args),
        value: snapshotValue(entry),
        prerendered: true,
      });
    }
  }

  override watchQuery<Query extends Ref<"query">>(query: Query, ...argsAndOptions: ArgsAndOptions<Query, WatchQueryOptions>): Watch<FunctionReturnType<Query>> {
    const name = getFunctionName(query);
    const args = (argsAndOptions[0] ?? {}) as Record<string, Value>;
    const key = queryKey(name, args);
    const reading = () => {
      let found = this.readings.get(key);
      if (!found) {
        found = { listeners: new Set(), read: () => this.http.query(query as FunctionReference<"query">, args) };
        this.readings.set(key, found);
        void this.load(found);
      }
      return found;
    };
    return {
      onUpdate: (callback) => {
        const found = reading();
        found.listeners.add(callback);
        if (found.prerendered) {
          found.prerendered = false;
          void this.load(found);
        }
        return () => void found.listeners.delete(callback);
      },
      localQueryResult: () => {
        const found = this.readings.get(key);
        if (found?.error !== undefined) throw found.error;
        return found?.value;
      },
      journal: () => undefined,
    };
  }

  override mutation<Mutation extends Ref<"mutation">>(
    mutation: Mutation,
    ...argsAndOptions: ArgsAndOptions<Mutation, MutationOptions<FunctionArgs<Mutation>>>
  ): Promise<FunctionReturnType<Mutation>> {
    return this.afterwards(this.http.mutation(mutation as FunctionReference<"mutation">, argsAndOptions[0] as never));
  }

  override action<Action extends Ref<"action">>(action: Action, ...args: OptionalRestArgs<Action>): Promise<FunctionReturnType<Action>> {
    return this.afterwards(this.http.action(action as FunctionReference<"action">, args[0] as never));
  }

  override query<Query extends Ref<"query">>(query: Query, ...args: OptionalRestArgs<Query>): Promise<FunctionReturnType<Query>> {
    return this.http.query(query as FunctionReference<"query">, args[0]);
  }

  override connectionState(): ConnectionState {
    return NO_SOCKET;
  }

  override subscribeToConnectionState(): () => void {
    return () => {};
  }

  private async load(reading: Reading) {
    try {
      reading.value = await reading.read();
      reading.error = undefined;
    } catch (error) {
      reading.error = error instanceof Error ? error : new Error(String(error));
    }
    for (const listener of [...reading.listeners]) listener();
  }

  /** What the visitor just did may change what the page shows: read the watched queries again. */
  private async afterwards<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } finally {
      for (const [key, reading] of this.readings) {
        if (reading.listeners.size > 0) void this.load(reading);
        else this.readings.delete(key);
      }
    }
  }
}
