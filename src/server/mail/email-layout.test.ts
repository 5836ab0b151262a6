import { describe, expect, it } from "vitest";
import { officeAddressLine, site } from "#domain/site";
import { renderEmail } from "./email-layout";

describe("renderEmail", () => {
  it("escapes every piece of content in the HTML", () => {
    const { html, text } = renderEmail({
      heading: "Tom & Jerry's <b>inquiry</b>",
      paragraphs: ['<script>alert("x")</script>', "Line one\nLine two"],
      action: { label: "<i>Open</i>", url: 'https://example.com/a?x=1&y="2"' },
      code: "<123>",
      footnote: "<img src=x onerror=alert(1)>",
    });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Tom &amp; Jerry&#39;s &lt;b&gt;inquiry&lt;/b&gt;");
    expect(html).toContain("&lt;i&gt;Open&lt;/i&gt;");
    expect(html).toContain("&lt;123&gt;");
    expect(html).not.toContain("<img");
    expect(html).toContain('href="https://example.com/a?x=1&amp;y=%222%22"');
    expect(html).toContain("Line one<br>Line two");
    // The plain text is not HTML and stays as written.
    expect(text).toContain('<script>alert("x")</script>');
  });

  it("puts the action link in both the HTML and the text", () => {
    const url = "http://localhost:3000/reset-password?token=abc123";
    const { html, text } = renderEmail({
      heading: "Reset your password",
      paragraphs: ["Someone asked to reset the password of your account."],
      action: { label: "Choose a new password", url },
    });
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain(">Choose a new password</a>");
    expect(text).toContain(`Choose a new password: ${url}`);
  });

  it("shows the code large in the HTML and on its own line in the text", () => {
    const { html, text } = renderEmail({
      heading: "Verify your e-mail",
      paragraphs: ["Enter this code to verify your e-mail address."],
      code: "482913",
    });
    expect(html).toMatch(/font-size:32px[^>]*>482913<\/td>/);
    expect(text.split("\n")).toContain("482913");
  });

  it("lays out the text as heading, paragraphs, code, action, footnote and footer", () => {
    const { text } = renderEmail({
      heading: "Verify your e-mail",
      paragraphs: ["First.", "Second."],
      code: "111222",
      action: { label: "Verify", url: "https://rentals.example/verify?t=1" },
      footnote: "If you did not ask for this, ignore this e-mail.",
    });
    expect(text).toBe(
      [
        "Verify your e-mail",
        "",
        "First.",
        "",
        "Second.",
        "",
        "111222",
        "",
        "Verify: https://rentals.example/verify?t=1",
        "",
        "If you did not ask for this, ignore this e-mail.",
        "",
        "--",
        site.name,
        officeAddressLine,
        `${site.phone} · ${site.email}`,
        "",
      ].join("\n"),
    );
  });

  it("brands the HTML with the agency's name, colour and office details", () => {
    const { html } = renderEmail({ heading: "Hello", paragraphs: ["Hi."] });
    expect(html).toContain("background-color:#1f5135");
    expect(html).toContain(site.name);
    expect(html).toContain(officeAddressLine);
    expect(html).toContain(site.phone);
    expect(html).toContain(site.email);
    expect(html).not.toMatch(/<style|<link|class=/);
  });

  it("refuses an action URL that is not http(s)", () => {
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,hi",
      "/relative/path",
      "ftp://x.example/",
    ]) {
      expect(() =>
        renderEmail({ heading: "H", paragraphs: [], action: { label: "Go", url } }),
      ).toThrow("http(s)");
    }
  });
});
