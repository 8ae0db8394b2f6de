/**
 * One WebSocket connection speaking Convex's sync protocol. Messages are handled in arrival
 * order; mutations run one at a time; every Transition chains exactly from the last one sent.
 */
import type { JSONValue } from "convex/values";
import type { WebSocket } from "ws";
import { ANONYMOUS, type Authenticator, type Caller } from "../auth/caller";
import type { Engine, Outcome } from "../engine/engine";
import type { RequestMetadata } from "../request-metadata";
import type { LiveQueries, LiveQuery, Subscriber } from "../live-queries";
import {
  encodeTs,
  encodeVersion,
  parseClientMessage,
  type ClientMessage,
  type QueryModification,
  type StateVersion,
} from "./protocol";

/** The client reconnects after 60 s without a message; ping well inside that. */
export const PING_INTERVAL_MS = 15_000;

/** A mutation answered later than this is logged with where its time went. */
export const SLOW_MUTATION_MS = 5_000;

export interface SessionHost {
  engine(): Engine;
  liveQueries: LiveQueries;
  auth: Authenticator;
  /** Resolves once every commit so far is durable. */
  durable(): Promise<void>;
  /** Replayed mutations after a reconnect are answered from here, not run twice. */
  mutationResponses(sessionId: string): Map<number, Promise<MutationReply>>;
  log(message: string): void;
}

export type MutationReply =
  | { type: "MutationResponse"; requestId: number; success: true; result: JSONValue; ts: string; logLines: string[] }
  | { type: "MutationResponse"; requestId: number; success: false; result: string; logLines: string[]; errorData?: JSONValue };

interface Subscription {
  udfPath: string;
  args: JSONValue;
  entry: LiveQuery;
  /** Hash of the last result sent, so unchanged results are not resent. */
  sent?: string;
  dirty: boolean;
}

export class SyncSession implements Subscriber {
  private sessionId = "";
  private sent: StateVersion = { querySet: 0, identity: 0, ts: 0n };
  private receivedQuerySet = 0;
  private receivedIdentity = 0;
  private caller: Caller = ANONYMOUS;
  private readonly pending: QueryModification[] = [];
  private readonly queries = new Map<number, Subscription>();
  private messages = Promise.resolve();
  /** The session's last mutation, done once it committed (or failed): the next one runs after it. */
  private mutations: Promise<unknown> = Promise.resolve();
  /** The session's last mutation reply sent: replies go out in request order. */
  private replies = Promise.resolve();
  private flushing = false;
  private flushAgain = false;
  private forceNext = false;
  private closed = false;
  private readonly ping: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private readonly host: SessionHost,
    /** The address and user agent of the request that opened the socket: every mutation and action of the session reports them. */
    private readonly client?: RequestMetadata,
  ) {
    socket.on("message", (data: Buffer | ArrayBuffer | Buffer[]) => {
      const raw = (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString("utf8");
      this.messages = this.messages.then(() => this.handle(raw)).catch((error: unknown) => this.fatal(error));
    });
    socket.on("close", () => this.close());
    this.ping = setInterval(() => this.send({ type: "Ping" }), PING_INTERVAL_MS);
  }

  private async handle(raw: string) {
    if (this.closed) return;
    const message = parseClientMessage(raw);
    switch (message.type) {
      case "Connect":
        this.sessionId = message.sessionId;
        return;
      case "ModifyQuerySet":
        return this.modifyQuerySet(message);
      case "Authenticate":
        return this.authenticate(message);
      case "Mutation":
        return this.mutation(message.requestId, message.udfPath, message.args[0] ?? {});
      case "Action":
        void this.action(message.requestId, message.udfPath, message.args[0] ?? {});
        return;
      case "Event":
        return;
    }
  }

  private modifyQuerySet(message: Extract<ClientMessage, { type: "ModifyQuerySet" }>) {
    if (message.baseVersion !== this.receivedQuerySet) {
      throw new Error(`Query set version mismatch: expected ${this.receivedQuerySet}, received ${message.baseVersion}`);
    }
    this.receivedQuerySet = message.newVersion;
    this.pending.push(...message.modifications);
    void this.flush();
  }

  private async authenticate(message: Extract<ClientMessage, { type: "Authenticate" }>) {
    if (message.baseVersion !== this.receivedIdentity) {
      throw new Error(`Identity version mismatch: expected ${this.receivedIdentity}, received ${message.baseVersion}`);
    }
    let caller: Caller;
    try {
      caller = await this.host.auth.fromSync(message);
    } catch (error) {
      // Like Convex: the message of the refusal (an invalid token or admin key), then the socket closes.
      this.send({
        type: "AuthError",
        error: error instanceof Error ? error.message : String(error),
        baseVersion: message.baseVersion,
        authUpdateAttempted: true,
      });
      this.socket.close(1000, "AuthError");
      return;
    }
    this.receivedIdentity = message.baseVersion + 1;
    this.caller = caller;
    const { identity } = caller;
    // Every subscription now runs as the new identity.
    for (const query of this.queries.values()) {
      this.host.liveQueries.release(this, query.entry);
      query.entry = this.host.liveQueries.acquire(this, query.udfPath, query.args, identity, query.entry.journal);
      query.dirty = true;
    }
    void this.flush();
  }

  /**
   * A session's mutations run one after another, in order, but the next one need not wait for
   * the previous one's disk sync: only its reply does. Durability follows log order, so a
   * reply sent once its own commit is durable also covers every earlier commit it may have read.
   */
  private mutation(requestId: number, udfPath: string, args: JSONValue) {
    const responses = this.host.mutationResponses(this.sessionId);
    const times = { received: performance.now(), started: 0, ran: 0, durable: 0 };
    let reply = responses.get(requestId);
    if (!reply) {
      const outcome = this.mutations.then(() => {
        times.started = performance.now();
        return this.host.engine().run("mutation", udfPath, args, this.caller.identity, !this.caller.admin, this.client);
      });
      this.mutations = outcome.catch(() => {});
      reply = outcome.then((result) => {
        times.ran = performance.now();
        return this.mutationReply(requestId, result).finally(() => (times.durable = performance.now()));
      });
      responses.set(requestId, reply);
    }
    const answered = reply;
    this.replies = this.replies
      .then(() => answered)
      .then((response) => {
        this.logIfSlow(udfPath, times);
        this.send(response);
        // A successful mutation resolves on the client only with a Transition at or past its ts.
        if (response.success) void this.flush(true);
      })
      .catch((error: unknown) => this.fatal(error));
  }

  /** A reply this late stalls the member's page: say where the time went (the backend's log). */
  private logIfSlow(udfPath: string, times: { received: number; started: number; ran: number; durable: number }) {
    const now = performance.now();
    if (now - times.received < SLOW_MUTATION_MS || times.started === 0) return;
    const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
    this.host.log(
      `slow mutation ${udfPath}: ${ms(times.received, now)} in all; behind this session's earlier mutations ${ms(times.received, times.started)}, ` +
        `running ${ms(times.started, times.ran)}, disk sync ${ms(times.ran, times.durable)}, behind earlier replies ${ms(times.durable, now)}`,
    );
  }

  private async mutationReply(requestId: number, outcome: Outcome): Promise<MutationReply> {
    if (!outcome.ok && outcome.transient) {
      // Convex drops the connection instead of answering ("try again later"): the client
      // reconnects and sends the mutation again, which then runs anew.
      this.host.mutationResponses(this.sessionId).delete(requestId);
      this.socket.close(1013, outcome.transient.code);
      this.close();
    }
    if (!outcome.ok) return { type: "MutationResponse", requestId, success: false, ...failure(outcome) };
    await this.host.durable();
    return {
      type: "MutationResponse",
      requestId,
      success: true,
      result: outcome.value,
      ts: encodeTs(this.host.engine().latestTs()),
      logLines: outcome.logLines ?? [],
    };
  }

  private async action(requestId: number, udfPath: string, args: JSONValue) {
    const outcome = await this.host.engine().run("action", udfPath, args, this.caller.identity, !this.caller.admin, this.client);
    // The mutations it ran are acknowledged with it.
    await this.host.durable();
    this.send(
      outcome.ok
        ? { type: "ActionResponse", requestId, success: true, result: outcome.value, logLines: outcome.logLines ?? [] }
        : { type: "ActionResponse", requestId, success: false, ...failure(outcome) },
    );
  }

  invalidated(entry: LiveQuery) {
    for (const query of this.queries.values()) if (query.entry === entry) query.dirty = true;
    void this.flush();
  }

  /**
   * Sends one Transition covering every modification received so far. Runs one at a time;
   * a request while running is served by another pass right after. `force` sends a Transition
   * even when nothing changed (a mutation's reply must be followed by one); it is kept until a
   * pass starts, so a request that arrives mid-pass is not lost.
   */
  private async flush(force = false): Promise<void> {
    if (force) this.forceNext = true;
    if (this.flushing) {
      this.flushAgain = true;
      return;
    }
    this.flushing = true;
    try {
      do {
        this.flushAgain = false;
        const mustSend = this.forceNext;
        this.forceNext = false;
        await this.flushOnce(mustSend);
      } while (this.flushAgain && !this.closed);
    } finally {
      this.flushing = false;
    }
  }

  private async flushOnce(force: boolean): Promise<void> {
    const end: StateVersion = {
      querySet: this.receivedQuerySet,
      identity: this.receivedIdentity,
      ts: maxTs(this.sent.ts, this.host.engine().latestTs()),
    };
    // Modifications as JSON text: query results arrive pre-serialized and are spliced in.
    const modifications: string[] = [];
    for (const change of this.pending.splice(0)) {
      if (change.type === "Add") {
        const args = change.args[0] ?? {};
        const entry = this.host.liveQueries.acquire(this, change.udfPath, args, this.caller.identity, change.journal ?? null);
        this.queries.set(change.queryId, { udfPath: change.udfPath, args, entry, dirty: true });
      } else {
        const query = this.queries.get(change.queryId);
        if (query) this.host.liveQueries.release(this, query.entry);
        this.queries.delete(change.queryId);
        modifications.push(JSON.stringify({ type: "QueryRemoved", queryId: change.queryId }));
      }
    }
    const dirty = [...this.queries].filter(([, query]) => query.dirty);
    for (const [, query] of dirty) query.dirty = false;
    const results = await Promise.all(dirty.map(([, query]) => this.host.liveQueries.outcome(query.entry)));
    dirty.forEach(([queryId, query], i) => {
      if (this.queries.get(queryId) !== query) return;
      const { wire } = results[i]!;
      if (wire === query.sent) return;
      query.sent = wire;
      modifications.push(`{"queryId":${queryId},${wire}}`);
    });
    const changed =
      modifications.length > 0 ||
      end.querySet !== this.sent.querySet ||
      end.identity !== this.sent.identity ||
      end.ts !== this.sent.ts;
    if (!changed && !force) return;
    // A first run may have read commits whose disk sync is still pending: none is shown before it is durable.
    await this.host.durable();
    if (this.closed) return;
    const versions = JSON.stringify({ type: "Transition", startVersion: encodeVersion(this.sent), endVersion: encodeVersion(end) });
    this.sendRaw(`${versions.slice(0, -1)},"modifications":[${modifications.join(",")}]}`);
    this.sent = end;
  }

  private send(message: object) {
    this.sendRaw(JSON.stringify(message));
  }

  private sendRaw(text: string) {
    if (!this.closed && this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  private fatal(error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    this.host.log(`sync protocol error: ${message}`);
    this.send({ type: "FatalError", error: message });
    this.socket.close(1011, "FatalError");
    this.close();
  }

  private close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.ping);
    for (const query of this.queries.values()) this.host.liveQueries.release(this, query.entry);
    this.queries.clear();
  }
}

function maxTs(a: bigint, b: bigint) {
  return a > b ? a : b;
}

function failure(outcome: Extract<Outcome, { ok: false }>) {
  return { result: outcome.message, logLines: outcome.logLines ?? [], ...(outcome.data === undefined ? {} : { errorData: outcome.data }) };
}
