import { makeFunctionReference } from "convex/server";
import { ConvexError } from "convex/values";
import { http, HttpResponse } from "msw";
import { server } from "../../../tests/mocks/server";
import { PublicConvexClient } from "./public-convex-client";

const URL = "http://127.0.0.1:3999";
const articles = makeFunctionReference<"query", { kind: string }, string[]>("catalog:articles");
const article = makeFunctionReference<"query", { slug: string }, string>("catalog:article");
const subscribe = makeFunctionReference<"mutation", { email: string }, null>("newsletter:subscribe");

/** Convex's HTTP API as the deployment answers it: `{ status, value }` or `{ status: "error", errorMessage, errorData }`. */
function backend() {
  const queries: unknown[] = [];
  const mutations: unknown[] = [];
  let published = ["First post"];
  server.use(
    http.post(`${URL}/api/query`, async ({ request }) => {
      const body = (await request.json()) as { path: string; args: unknown[] };
      queries.push(body);
      if (body.path === "catalog:article") {
        return HttpResponse.json({ status: "error", errorMessage: "Not found", errorData: { code: "NOT_FOUND", message: "No such article." }, logLines: [] });
      }
      return HttpResponse.json({ status: "success", value: published, logLines: [] });
    }),
    http.post(`${URL}/api/mutation`, async ({ request }) => {
      mutations.push(await request.json());
      published = [...published, "Second post"];
      return HttpResponse.json({ status: "success", value: null, logLines: [] });
    }),
  );
  return { queries, mutations };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("PublicConvexClient", () => {
  // A visitor's reads must never open the live connection.
  beforeEach(() => {
    vi.stubGlobal(
      "WebSocket",
      vi.fn(() => {
        throw new Error("A visitor's client opened a WebSocket");
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("reads a watched query once over HTTP, shared by every watcher of the same arguments", async () => {
    const { queries } = backend();
    const client = new PublicConvexClient(URL);
    const watch = client.watchQuery(articles, { kind: "post" });
    expect(watch.localQueryResult()).toBeUndefined();

    const updates = vi.fn();
    const stop = watch.onUpdate(updates);
    client.watchQuery(articles, { kind: "post" }).onUpdate(() => {});
    await vi.waitFor(() => expect(updates).toHaveBeenCalledTimes(1));
    expect(watch.localQueryResult()).toEqual(["First post"]);
    expect(queries).toEqual([{ path: "catalog:articles", format: "convex_encoded_json", args: [{ kind: "post" }] }]);
    stop();
    expect(client.connectionState()).toMatchObject({ isWebSocketConnected: false, hasEverConnected: false });
  });

  it("hands a query's error to the page the way the live client does", async () => {
    backend();
    const client = new PublicConvexClient(URL);
    const watch = client.watchQuery(article, { slug: "missing" });
    const updates = vi.fn();
    watch.onUpdate(updates);
    await vi.waitFor(() => expect(updates).toHaveBeenCalled());
    expect(() => watch.localQueryResult()).toThrow(ConvexError);
    try {
      watch.localQueryResult();
    } catch (error) {
      expect((error as ConvexError<{ code: string }>).data).toEqual({ code: "NOT_FOUND", message: "No such article." });
    }
  });

  it("posts a mutation over HTTP, then reads what the page watches again", async () => {
    const { queries, mutations } = backend();
    const client = new PublicConvexClient(URL);
    const watch = client.watchQuery(articles, { kind: "post" });
    const updates = vi.fn();
    watch.onUpdate(updates);
    await vi.waitFor(() => expect(updates).toHaveBeenCalledTimes(1));

    await client.mutation(subscribe, { email: "ada@example.com" });
    await vi.waitFor(() => expect(updates).toHaveBeenCalledTimes(2));
    expect(mutations).toEqual([{ path: "newsletter:subscribe", format: "convex_encoded_json", args: [{ email: "ada@example.com" }] }]);
    expect(queries).toHaveLength(2);
    expect(watch.localQueryResult()).toEqual(["First post", "Second post"]);
    await settle();
  });
});
