/** What the route monitor sends, and to what; shared by the monitor and every transport. */
export interface PageviewEvent {
  type: "pageview";
  /** The route's pattern (/forum/t/$threadId), never the address with its ids or query. */
  route: string;
  loadMs: number;
}

export type SendEvents = (events: PageviewEvent[]) => void;
