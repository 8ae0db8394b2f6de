/**
 * Presence in a focus room of six, end to end on the embedded backend with the real convex/
 * functions: each member's open page watches the room (focus:room over the WebSocket), and one
 * member's page comes and goes (a heartbeat, then the beacon's disconnect). Each sample is timed
 * from that call's request until all six pages show the change. Prints the rows as one line of
 * JSON on stdout.
 */
import type { FunctionReturnType } from "convex/server";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { FOCUS_ROOM_CAPACITY } from "../../convex/model/focusRules";
import { httpClient, wsClient } from "../test/helpers";
import { appWith } from "./app";
import { latencyRow, type Row } from "./stats";

const WARMUP = 6;
const SAMPLES = 60;
const TARGET_MS = 100;

type Room = FunctionReturnType<typeof api.focus.room>;

const { backend, close } = await appWith("focus", {});
const cleanups: (() => unknown)[] = [];
try {
  const members: { id: Id<"users">; token: string; client: ReturnType<typeof httpClient> }[] = [];
  for (let i = 0; i < FOCUS_ROOM_CAPACITY; i++) {
    const { subject } = await backend.identity.createAccount({
      email: `bench-focus-${i}@example.com`,
      password: "bench-password-2026",
      firstName: `Focus${i}`,
      lastName: "Bench",
      emailVerified: true,
    });
    const token = (await backend.identity.issueTokens(subject)).accessToken;
    const client = httpClient(backend.url);
    client.setAuth(token);
    const { _id } = await client.mutation(api.users.ensureCurrent, {});
    members.push({ id: _id, token, client });
  }
  const roomId: Id<"focusRooms"> = await members[0]!.client.mutation(api.focus.create, { minutes: 50, goal: "Bench focus" });
  for (const member of members.slice(1)) await member.client.mutation(api.focus.join, { roomId, goal: "Bench focus" });
  for (const member of members.slice(0, -1)) await member.client.mutation(api.focus.heartbeat, { roomId, pageId: "bench" });
  const mover = members.at(-1)!;

  // Every member's open room page.
  const latest = new Map<number, Room>();
  const listeners = new Set<() => void>();
  members.forEach((member, index) => {
    const page = wsClient(backend.url);
    cleanups.push(() => page.close());
    page.setAuth(() => Promise.resolve(member.token));
    cleanups.push(
      page.onUpdate(api.focus.room, { roomId }, (room: Room) => {
        latest.set(index, room);
        for (const listener of listeners) listener();
      }),
    );
  });
  const moverOnline = (room: Room | undefined) => room?.participants.find((participant) => participant.userId === mover.id)?.online;
  const allSee = (online: boolean) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Not every page saw the change within 10 s`)), 10_000);
      const check = () => {
        if (members.some((_, index) => moverOnline(latest.get(index)) !== online)) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(performance.now());
      };
      listeners.add(check);
      check();
    });
  await allSee(false);

  const times: number[] = [];
  let sessionToken = "";
  for (let i = 0; i < 2 * (WARMUP + SAMPLES); i++) {
    const comingIn = i % 2 === 0;
    const seen = allSee(comingIn);
    const start = performance.now();
    if (comingIn) ({ sessionToken } = await mover.client.mutation(api.focus.heartbeat, { roomId, pageId: `bench-${i}` }));
    else await httpClient(backend.url).mutation(api.focus.disconnect, { sessionToken });
    const at = await seen;
    if (i >= 2 * WARMUP) times.push(at - start);
  }
  const rows: Row[] = [latencyRow(`presence change → all ${FOCUS_ROOM_CAPACITY} open room pages`, times, { p95Target: TARGET_MS, digits: 1 })];
  console.log(JSON.stringify(rows));
} catch (error) {
  // The backend's process guards take unhandled rejections, so a failure is reported here.
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await close();
}
