import { api } from "@convex/_generated/api";
import { useQuery } from "convex/react";
import { CheckIcon, MinusIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { LoadingList } from "@/components/ui/skeleton";
import { DebugNote, DebugPage, DebugSection, Facts, yesNo } from "./debug-parts";

export const PERMISSIONS_TEXT = {
  title: "Collections and permissions debug",
  lead: "Roles, feature flags and access levels as the server applies them, your own, and every table with who may read it.",
} as const;

const ACCESS_WORDS: Record<string, string> = {
  public: "everyone",
  identity: "any signed-in identity",
  member: "members, guests included",
  writer: "members who are not guests",
  staff: "coaches and admins",
  admin: "admins",
};

function Mark({ on }: { on: boolean }) {
  return (
    <span className="inline-flex items-center gap-1">
      {on ? <CheckIcon className="size-4 text-success" aria-hidden /> : <MinusIcon className="size-4 text-muted-foreground" aria-hidden />}
      {yesNo(on)}
    </span>
  );
}

function Table({ caption, head, children }: { caption: string; head: readonly string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b">
            {head.map((label) => (
              <th key={label} scope="col" className="py-2 pr-4 font-semibold whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const list = (values: readonly string[]) => (values.length ? values.join(", ") : "none");

function PermissionsData() {
  const id = useId();
  const data = useQuery(api.debug.permissions, {});
  if (data === undefined) return <LoadingList label="Loading roles and collections" rows={4} />;
  const { viewer } = data;
  return (
    <>
      <DebugSection id={`${id}-you`} title="Your account, as the server sees it">
        <Facts
          facts={[
            ["role", viewer.role],
            ["user type", viewer.userType],
            ["tier", viewer.tier],
            ["permissions", list(viewer.permissions)],
            ["flags", list(viewer.flags)],
          ]}
        />
      </DebugSection>
      <DebugSection id={`${id}-roles`} title="Roles and flags">
        <DebugNote>The resource check is for data the caller does not own: admins and coaches all, guests read only, everyone else denied.</DebugNote>
        <Table caption="Roles and flags" head={["Role", "Permissions", "Flags", "Read only", "Longest session", "Read others'", "Change others'", "Function wrappers allowed"]}>
          {data.roles.map((role) => (
            <tr key={role.role} className="border-b align-top last:border-0">
              <th scope="row" className="py-2 pr-4 font-mono font-normal">
                {role.role}
              </th>
              <td className="py-2 pr-4">{list(role.permissions)}</td>
              <td className="py-2 pr-4">{list(role.flags)}</td>
              <td className="py-2 pr-4">
                <Mark on={role.readOnly} />
              </td>
              <td className="py-2 pr-4">{role.maxSessionMinutes === null ? "no limit" : `${role.maxSessionMinutes} min`}</td>
              <td className="py-2 pr-4">
                <Mark on={role.resourceRead} />
              </td>
              <td className="py-2 pr-4">
                <Mark on={role.resourceWrite} />
              </td>
              <td className="py-2">{list(role.accessLevels)}</td>
            </tr>
          ))}
        </Table>
      </DebugSection>
      <DebugSection id={`${id}-collections`} title="Collections">
        <DebugNote>Each table of the Convex schema. Who reads it is the widest wrapper of the functions that show it; owners see only their own rows.</DebugNote>
        <Table caption="Collections" head={["Table", "Holds", "Read by", "Has rows"]}>
          {data.collections.map((collection) => (
            <tr key={collection.name} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-4 font-mono font-normal">
                {collection.name}
              </th>
              <td className="py-2 pr-4">{collection.about}</td>
              <td className="py-2 pr-4">{ACCESS_WORDS[collection.access] ?? collection.access}</td>
              <td className="py-2">
                <Mark on={collection.hasRows} />
              </td>
            </tr>
          ))}
        </Table>
      </DebugSection>
    </>
  );
}

/** /demos/collections-permissions (admins). */
export function CollectionsPermissionsDebug() {
  return (
    <DebugPage id="permissions-title" title={PERMISSIONS_TEXT.title} lead={PERMISSIONS_TEXT.lead} adminOnly wide>
      <PermissionsData />
    </DebugPage>
  );
}
