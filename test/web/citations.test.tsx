// Citations are untrusted: a URL that does not parse, or is not http(s), renders as plain text and never throws;
// a good one becomes a link that opens in a new tab without referrer.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Citations, safeCitationUrl } from "../../web/src/features/chat/on-demand/citations";
import { initI18n } from "../../web/src/lib/i18n";

describe("Citations", () => {
  beforeEach(async () => {
    await initI18n();
  });
  afterEach(cleanup);

  it("links a well-formed http(s) source with its title and site", () => {
    render(
      <Citations
        citations={[{ url: "https://vnexpress.net/thoi-tiet", title: "Thời tiết Hà Nội", site: "vnexpress.net" }]}
      />,
    );
    const link = screen.getByRole("link", { name: "Thời tiết Hà Nội" });
    expect(link.getAttribute("href")).toBe("https://vnexpress.net/thoi-tiet");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(screen.getByTestId("citation").textContent).toContain("vnexpress.net");
  });

  it.each(["http://[", "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "not a url", ""])(
    "renders %j as plain text, without throwing",
    (url) => {
      render(<Citations citations={[{ url, title: "Source" }]} />);
      expect(screen.queryByRole("link")).toBeNull();
      expect(screen.getByTestId("citation").textContent).toContain("Source");
    },
  );

  it("accepts only http and https", () => {
    expect(safeCitationUrl("https://a.b/c")?.hostname).toBe("a.b");
    expect(safeCitationUrl("ftp://a.b/c")).toBeNull();
    expect(safeCitationUrl("http://[")).toBeNull();
  });
});
