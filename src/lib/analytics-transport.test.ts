import { ANALYTICS_PATH } from "@convex/model/observability";
import { pageviewEvent } from "./analytics-monitor";
import { beaconSender } from "./analytics-transport";

describe("beaconSender", () => {
  it("sends the batch as a JSON string to the analytics path by beacon", () => {
    const sendBeacon = vi.fn(() => true);
    const post = vi.fn();
    beaconSender({ sendBeacon }, post)([pageviewEvent("/faq", 40)]);
    expect(sendBeacon).toHaveBeenCalledWith(ANALYTICS_PATH, '{"events":[{"type":"pageview","route":"/faq","loadMs":40}]}');
    expect(post).not.toHaveBeenCalled();
  });

  it("falls back to a keepalive fetch, and ignores its failure", async () => {
    const post = vi.fn(() => Promise.reject(new Error("offline")));
    beaconSender({ sendBeacon: () => false }, post)([pageviewEvent("/faq", 40)]);
    expect(post).toHaveBeenCalledWith(ANALYTICS_PATH, expect.objectContaining({ method: "POST", keepalive: true, body: '{"events":[{"type":"pageview","route":"/faq","loadMs":40}]}' }));
    await Promise.resolve();
  });
});
