import { describe, expect, it } from "vitest";
import { LOCAL_SENTRY_DSN } from "./observability";
import { FILTERED, scrub, scrubText } from "./observability";
import { envelopeDestination, parseDsn, parseEnvelope } from "./sentryEnvelope";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("parseEnvelope", () => {
  it("reads items with and without a length, binary payloads included", () => {
    const binary = "\u0000\n\u0001";
    const envelope = parseEnvelope(
      bytes(`{"dsn":"${LOCAL_SENTRY_DSN}","event_id":"e1"}\n{"type":"replay_recording","length":3}\n${binary}\n{"type":"event"}\n{"a":1}\n`),
    );
    expect(envelope?.dsn).toBe(LOCAL_SENTRY_DSN);
    expect(envelope?.eventId).toBe("e1");
    expect(envelope?.items.map((item) => [item.type, new TextDecoder().decode(item.payload)])).toEqual([
      ["replay_recording", binary],
      ["event", '{"a":1}'],
    ]);
  });

  it("refuses what is not an envelope", () => {
    for (const text of ["", "[]", "{}\nnot json\n{}", '{}\n{"length":2}\n{}', '{}\n{"type":"event","length":99}\n{}', '{"dsn":5}']) {
      expect(parseEnvelope(bytes(text))).toBeNull();
    }
  });
});

describe("envelopeDestination", () => {
  const configured = "https://public@o1.ingest.sentry.io/42";

  it("keeps the local DSN's envelopes when no Sentry project is configured", () => {
    expect(envelopeDestination(LOCAL_SENTRY_DSN, undefined)).toBe("local");
    expect(envelopeDestination(configured, undefined)).toBeNull();
  });

  it("forwards only the configured project's envelopes, to its envelope endpoint", () => {
    expect(envelopeDestination("https://other-key@o1.ingest.sentry.io/42", configured)).toEqual({
      forwardTo: "https://o1.ingest.sentry.io/api/42/envelope/",
    });
    for (const dsn of [LOCAL_SENTRY_DSN, "https://public@o1.ingest.sentry.io/43", "https://public@evil.example/42", undefined, "not a url"]) {
      expect(envelopeDestination(dsn, configured)).toBeNull();
    }
  });

  it("reads host, port and project of a DSN", () => {
    expect(parseDsn("http://key@localhost:9000/7")).toEqual({ host: "localhost:9000", projectId: "7" });
    expect(parseDsn("https://o1.ingest.sentry.io/7")).toBeNull();
  });
});

describe("scrub", () => {
  it("replaces values under secret-looking keys, at any depth", () => {
    expect(
      scrub({ user: { password: "p", name: "Pat" }, headers: { Authorization: "Bearer x", Cookie: "c" }, list: [{ cardNumber: "4242", cvc: "123" }], apiToken: "t" }),
    ).toEqual({
      user: { password: FILTERED, name: "Pat" },
      headers: { Authorization: FILTERED, Cookie: FILTERED },
      list: [{ cardNumber: FILTERED, cvc: FILTERED }],
      apiToken: FILTERED,
    });
  });

  it("replaces token= and password= values in URLs and messages", () => {
    expect(scrubText("GET /reactivate?token=abc.def&next=/x failed; password=hunter2 access_token=zz")).toBe(
      `GET /reactivate?token=${FILTERED}&next=/x failed; password=${FILTERED} access_token=${FILTERED}`,
    );
  });
});
