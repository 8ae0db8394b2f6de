import { api } from "@convex/_generated/api";
import { INDEXED_PATHS } from "@convex/model/site";
import { useQuery } from "convex/react";
import { CheckCircle2Icon, CircleSlashIcon, XCircleIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { fieldControlClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { useViewer } from "@/features/auth/viewer";
import { useTheme } from "@/features/theme/use-theme";
import { useNow } from "@/lib/use-now";
import { DebugNote, DebugPage, DebugSection, Facts, JsonBlock, yesNo } from "./debug-parts";

export const HYDRATION_TEXT = {
  title: "Hydration debug",
  lead: "What a prerendered public page looked like when it was built, against what the app draws over it in this browser, and the server's debug data.",
  compare: "Compare",
  comparing: "Comparing...",
  notPrerendered: "This page was served the plain app shell: it is not prerendered (the development server prerenders nothing; run the production build).",
  matched: "The client render matches the prerendered page.",
  differs: "The client render differs from the prerendered page.",
  timedOut: "The page did not finish rendering in the browser within 10 seconds.",
  blocked: "The browser blocked the window the comparison opens. Allow pop-ups for this site, then compare again.",
} as const;

/** What a build-time render fixes, whoever later opens the page (src/prerender.tsx). */
const PRERENDER_FIXED = { theme: "light (preference system)", identity: "loading" } as const;

const CLIENT_WAIT_MS = 10_000;
const POLL_MS = 200;

export interface PageSnapshot {
  title: string;
  h1: string;
  /** The text of <main>, whitespace collapsed. */
  text: string;
}

export type Comparison =
  | { kind: "blocked"; path: string }
  | { kind: "not-prerendered"; path: string }
  | { kind: "timed-out"; path: string; server: PageSnapshot }
  | { kind: "compared"; path: string; server: PageSnapshot; client: PageSnapshot; matched: boolean; firstDifference: { server: string; client: string } | null };

const collapse = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** The title, h1 and main text of a document (the prerendered HTML, or the page the app drew). */
export function snapshotOf(doc: Document): PageSnapshot {
  const found = doc.querySelector("main");
  // The router's inline scripts are markup, not what a reader sees: leave them out of the text.
  const main = found?.cloneNode(true) as HTMLElement | undefined;
  for (const hidden of main?.querySelectorAll("script, style, noscript, template") ?? []) hidden.remove();
  return { title: collapse(doc.title), h1: collapse(main?.querySelector("h1")?.textContent), text: collapse(main?.textContent) };
}

/** Where two texts part, with a little of each around it; null when they are the same. */
export function firstDifference(a: string, b: string, context = 40): { server: string; client: string } | null {
  if (a === b) return null;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - context);
  return { server: a.slice(from, i + context), client: b.slice(from, i + context) };
}

/** The prerendered HTML of `path`, as a browser gets it on a first visit; null when only the app shell came back. */
export async function fetchPrerendered(path: string, fetcher: typeof fetch = fetch): Promise<PageSnapshot | null> {
  const response = await fetcher(path, { headers: { Accept: "text/html" }, cache: "no-store" });
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  const root = doc.getElementById("root");
  if (!root || root.children.length === 0) return null;
  return snapshotOf(doc);
}

/**
 * Loads `path` in a window of its own and reads it once the app's render has settled. A window,
 * not a frame: the app refuses to be framed, even by itself (frame-ancestors 'none'). The window is
 * opened by the click (browsers block pop-ups opened later); the caller closes it.
 */
function clientSnapshot(path: string, view: Window): Promise<PageSnapshot | null> {
  return new Promise((resolve) => {
    let last = "";
    const started = Date.now();
    const finish = (result: PageSnapshot | null) => {
      window.clearInterval(timer);
      resolve(result);
    };
    const timer = window.setInterval(() => {
      // The window starts on about:blank; only the page itself counts.
      const doc = view.location.pathname === path ? view.document : null;
      const snapshot = doc && doc.readyState === "complete" ? snapshotOf(doc) : null;
      // Settled: the app has drawn an h1 and the text stayed the same for one poll.
      if (snapshot?.h1 && snapshot.text === last) return finish(snapshot);
      last = snapshot?.text ?? "";
      if (Date.now() - started > CLIENT_WAIT_MS) finish(null);
    }, POLL_MS);
    view.location.href = path;
  });
}

function PrerenderCheck() {
  const id = useId();
  const [path, setPath] = useState<string>("/pricing");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Comparison | null>(null);

  async function compare(view: Window | null) {
    if (!view) return setResult({ kind: "blocked", path });
    setBusy(true);
    setResult(null);
    try {
      const server = await fetchPrerendered(path);
      if (!server) return setResult({ kind: "not-prerendered", path });
      const client = await clientSnapshot(path, view);
      if (!client) return setResult({ kind: "timed-out", path, server });
      const difference = firstDifference(server.text, client.text);
      setResult({ kind: "compared", path, server, client, matched: difference === null && server.h1 === client.h1, firstDifference: difference });
    } finally {
      view.close();
      setBusy(false);
    }
  }

  return (
    <DebugSection id={`${id}-prerender`} title="Prerendered page against the client render">
      <DebugNote>
        Public pages are rendered to HTML at build time, as a first visit sees them: identity still loading, theme following the system. The app then starts
        and draws over that markup. A difference here is a page that changes under the reader once the app runs.
      </DebugNote>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void compare(window.open("about:blank", "lwcc-hydration-check", "popup,width=1024,height=768"));
        }}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-path`}>Public page</Label>
          <select id={`${id}-path`} className={fieldControlClass} value={path} onChange={(event) => setPath(event.target.value)}>
            {INDEXED_PATHS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? HYDRATION_TEXT.comparing : HYDRATION_TEXT.compare}
        </Button>
      </form>
      <div aria-live="polite">{result ? <ComparisonResult result={result} /> : null}</div>
    </DebugSection>
  );
}

export function ComparisonResult({ result }: { result: Comparison }) {
  if (result.kind === "blocked") {
    return (
      <p className="flex items-start gap-2">
        <XCircleIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        {HYDRATION_TEXT.blocked}
      </p>
    );
  }
  if (result.kind === "not-prerendered") {
    return (
      <p className="flex items-start gap-2">
        <CircleSlashIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        {HYDRATION_TEXT.notPrerendered}
      </p>
    );
  }
  if (result.kind === "timed-out") {
    return (
      <p className="flex items-start gap-2">
        <XCircleIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        {HYDRATION_TEXT.timedOut}
      </p>
    );
  }
  const { server, client, matched, firstDifference: difference } = result;
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-start gap-2 font-semibold">
        {matched ? (
          <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
        ) : (
          <XCircleIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        )}
        {matched ? HYDRATION_TEXT.matched : HYDRATION_TEXT.differs}
      </p>
      <Facts
        facts={[
          ["page", result.path],
          ["title, prerendered", server.title],
          ["title, client", client.title],
          ["h1, prerendered", server.h1],
          ["h1, client", client.h1],
          ["main text, prerendered", `${server.text.length} characters`],
          ["main text, client", `${client.text.length} characters`],
          ...(difference
            ? ([
                ["first difference, prerendered", `…${difference.server}…`],
                ["first difference, client", `…${difference.client}…`],
              ] as const)
            : []),
        ]}
      />
    </div>
  );
}

function RenderValues() {
  const id = useId();
  const { preference, resolved } = useTheme();
  const viewer = useViewer();
  const theme = `${resolved} (preference ${preference})`;
  const rows: [string, string, string][] = [
    ["Theme", PRERENDER_FIXED.theme, theme],
    ["Identity", PRERENDER_FIXED.identity, viewer.status],
    ["Rendered by", "Node, renderToString", typeof window === "undefined" ? "Node, renderToString" : "the browser, createRoot"],
  ];
  return (
    <DebugSection id={`${id}-values`} title="Values a build-time render fixes">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Value
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Prerendered
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              This browser
            </th>
            <th scope="col" className="py-2 font-semibold">
              Same
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, server, client]) => (
            <tr key={name} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-4 font-normal">
                {name}
              </th>
              <td className="py-2 pr-4 font-mono">{server}</td>
              <td className="py-2 pr-4 font-mono">{client}</td>
              <td className="py-2">{yesNo(server === client)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </DebugSection>
  );
}

function DebugData() {
  const id = useId();
  const data = useQuery(api.debug.snapshot, {});
  const browserNow = useNow(1000);
  return (
    <DebugSection id={`${id}-data`} title="Debug data from the server">
      {data === undefined ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <>
          <Facts
            facts={[
              ["serverTime", new Date(data.serverTime).toISOString()],
              ["this browser's clock", new Date(browserNow).toISOString()],
              ["debugInfo.nodeEnv", data.debugInfo.nodeEnv],
              ["web build mode", import.meta.env.MODE],
              ["content store", data.debugInfo.contentStore],
              ["content present", yesNo(data.debugInfo.hasContent)],
              ["adapters", Object.entries(data.debugInfo.adapters).map(([service, adapter]) => `${service}: ${adapter}`).join(", ")],
            ]}
          />
          <h3 className="font-semibold">testData.items</h3>
          <ul className="flex flex-col gap-2">
            {data.testData.items.map((item) => (
              <li key={item.id} className="flex items-start gap-2 text-sm">
                {item.status === "ok" ? (
                  <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                ) : (
                  <CircleSlashIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <span>
                  {item.title} <span className="font-mono">({item.status})</span>
                </span>
              </li>
            ))}
          </ul>
          <JsonBlock label="The query's answer" value={data} />
        </>
      )}
    </DebugSection>
  );
}

/** /demos/hydration (admins): prerendered HTML against the client render, and the server's debug data. */
export function HydrationDebug() {
  return (
    <DebugPage id="hydration-title" title={HYDRATION_TEXT.title} lead={HYDRATION_TEXT.lead} adminOnly>
      <RenderValues />
      <PrerenderCheck />
      <DebugData />
    </DebugPage>
  );
}
