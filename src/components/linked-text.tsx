import { useRouter, type AnyRouter } from "@tanstack/react-router";
import { Fragment, type MouseEvent } from "react";

/** A site path standing as a word of its own in a sentence ("Visit /account/reactivate or …"). */
const SITE_PATH = /(?<=^|[\s(])(\/[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*)/;

/** `text` split into plain parts and the site paths it names, in order. */
export function linkedParts(text: string): { text: string; path: boolean }[] {
  // Splitting on a pattern with one group puts what it matched at the odd places.
  return text
    .split(new RegExp(SITE_PATH.source, "g"))
    .map((part, index) => ({ text: part, path: index % 2 === 1 }))
    .filter((part) => part.text !== "");
}

/**
 * A message from the server or the identity provider with every page it names as a link, so a
 * refusal that says where to go lets the person go there. Inside the app the router follows the
 * link; without one (a notice above the router) it is an ordinary link.
 */
export function LinkedText({ text }: { text: string }) {
  const router = useRouter({ warn: false }) as AnyRouter | undefined;
  function follow(event: MouseEvent<HTMLAnchorElement>, path: string) {
    if (!router || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href: path });
  }
  return (
    <>
      {linkedParts(text).map((part, index) =>
        part.path ? (
          <a
            key={index}
            href={part.text}
            onClick={(event) => follow(event, part.text)}
            className="font-semibold underline underline-offset-4 hover:no-underline"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
