import { officeAddressLine, site } from "#domain/site";

/**
 * One branded layout for every e-mail the product sends. Mail clients ignore style sheets and
 * half of CSS, so this is nested tables with inline styles, the way e-mail has to be written.
 */
export type EmailContent = {
  heading: string;
  /** Line breaks inside a paragraph are kept (an inquiry's message, for instance). */
  paragraphs: string[];
  /** A button; the URL must be http(s). */
  action?: { label: string; url: string };
  /** Shown large, e.g. a 6-digit verification code. */
  code?: string;
  /** Homes, each a card with its photo, facts and a link (listing alerts). */
  listings?: EmailListing[];
  /** Small print under the content, e.g. "If you did not ask for this, ignore this e-mail." */
  footnote?: string;
  /** Links under the small print, e.g. "Manage your alerts", "Unsubscribe". */
  links?: { label: string; url: string }[];
  /** The language the content is written in (English when not given): the layout's own words follow it. */
  language?: EmailLanguage;
};

export type EmailLanguage = "en" | "es";

export type EmailListing = {
  title: string;
  /** Absolute http(s) URL of a photo, or none. */
  imageUrl?: string;
  imageAlt?: string;
  /** "$1,650/month", "2 bedrooms · 1 bath", the address, the available date... */
  lines: string[];
  /** The listing's page. */
  url: string;
  linkLabel: string;
};

/** The layout's own words, in each language an e-mail can be written in. */
const layoutWords: Record<EmailLanguage, { copyAddress: string }> = {
  en: { copyAddress: "If the button does not work, copy this address into your browser:" },
  es: { copyAddress: "Si el botón no funciona, copie esta dirección en su navegador:" },
};

const colors = {
  primary: "#1f5135",
  footer: "#14261c",
  page: "#f1f4f2",
  text: "#1f2933",
  muted: "#6b7280",
  rule: "#e2e8e4",
  codeBackground: "#eef5f0",
  codeBorder: "#cfe2d6",
};

const font = "Arial, Helvetica, sans-serif";

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const actionUrl = content.action ? checkedUrl(content.action.url) : undefined;
  return {
    html: renderHtml(content, actionUrl),
    text: renderText(content, actionUrl),
  };
}

function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error("An e-mail's action URL must be an absolute http(s) URL.");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error("An e-mail's action URL must be an absolute http(s) URL.");
  }
  return parsed.href;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Escaped, with the writer's line breaks kept. */
function escapeLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, "<br>");
}

function footerLines(): string[] {
  return [site.name, officeAddressLine, `${site.phone} · ${site.email}`];
}

function renderText(content: EmailContent, actionUrl: string | undefined): string {
  const blocks = [content.heading, ...content.paragraphs];
  for (const listing of content.listings ?? [])
    blocks.push(
      [listing.title, ...listing.lines, `${listing.linkLabel}: ${checkedUrl(listing.url)}`].join(
        "\n",
      ),
    );
  if (content.code) blocks.push(content.code);
  if (content.action && actionUrl) blocks.push(`${content.action.label}: ${actionUrl}`);
  if (content.footnote) blocks.push(content.footnote);
  for (const link of content.links ?? []) blocks.push(`${link.label}: ${checkedUrl(link.url)}`);
  blocks.push(`--\n${footerLines().join("\n")}`);
  return `${blocks.join("\n\n")}\n`;
}

function renderHtml(content: EmailContent, actionUrl: string | undefined): string {
  const body = [
    `<h1 style="margin:0 0 20px;font-family:${font};font-size:22px;line-height:1.3;font-weight:bold;color:${colors.footer};">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map(
      (paragraph) =>
        `<p style="margin:0 0 16px;font-family:${font};font-size:16px;line-height:1.5;color:${colors.text};">${escapeLines(paragraph)}</p>`,
    ),
    ...(content.listings ?? []).map(listingCard),
    content.code ? codeBlock(content.code) : "",
    content.action && actionUrl
      ? button(content.action.label, actionUrl, content.language ?? "en")
      : "",
    content.footnote
      ? `<p style="margin:24px 0 0;font-family:${font};font-size:13px;line-height:1.5;color:${colors.muted};">${escapeLines(content.footnote)}</p>`
      : "",
    content.links?.length
      ? `<p style="margin:12px 0 0;font-family:${font};font-size:13px;line-height:1.5;color:${colors.muted};">${content.links
          .map(
            (link) =>
              `<a href="${escapeHtml(checkedUrl(link.url))}" target="_blank" style="color:${colors.primary};">${escapeHtml(link.label)}</a>`,
          )
          .join(" &middot; ")}</p>`
      : "",
  ].join("\n");

  return `<!doctype html>
<html lang="${content.language ?? "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.page};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colors.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid ${colors.rule};">
<tr><td style="background-color:${colors.primary};padding:20px 32px;font-family:${font};font-size:20px;line-height:1.3;font-weight:bold;color:#ffffff;">${escapeHtml(site.name)}</td></tr>
<tr><td style="padding:32px;">
${body}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid ${colors.rule};font-family:${font};font-size:12px;line-height:1.6;color:${colors.muted};">
${footerLines().map(escapeHtml).join("<br>\n")}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function codeBlock(code: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td style="padding:14px 22px 14px 28px;background-color:${colors.codeBackground};border:1px solid ${colors.codeBorder};font-family:'Courier New', Courier, monospace;font-size:32px;line-height:1.2;font-weight:bold;letter-spacing:6px;color:${colors.footer};">${escapeHtml(code)}</td></tr>
</table>`;
}

/** A table cell behind the link, so the button keeps its colour in clients that drop padding on links. */
function button(label: string, url: string, language: EmailLanguage): string {
  const href = escapeHtml(url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td bgcolor="${colors.primary}" style="background-color:${colors.primary};border-radius:6px;">
<a href="${href}" target="_blank" style="display:inline-block;padding:12px 28px;font-family:${font};font-size:16px;font-weight:bold;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>
</td></tr>
</table>
<p style="margin:0 0 16px;font-family:${font};font-size:13px;line-height:1.5;color:${colors.muted};">${layoutWords[language].copyAddress}<br>
<a href="${href}" target="_blank" style="color:${colors.primary};word-break:break-all;">${href}</a></p>`;
}

/** A home: its photo on top, its title, its facts and a link, in a bordered table. */
function listingCard(listing: EmailListing): string {
  const href = escapeHtml(checkedUrl(listing.url));
  const image = listing.imageUrl
    ? `<tr><td><a href="${href}" target="_blank"><img src="${escapeHtml(checkedUrl(listing.imageUrl))}" alt="${escapeHtml(listing.imageAlt ?? "")}" width="534" style="display:block;width:100%;max-width:534px;height:auto;border:0;"></a></td></tr>`
    : "";
  const lines = listing.lines
    .map(
      (line) =>
        `<p style="margin:0 0 4px;font-family:${font};font-size:15px;line-height:1.5;color:${colors.text};">${escapeHtml(line)}</p>`,
    )
    .join("\n");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border:1px solid ${colors.rule};">
${image}
<tr><td style="padding:16px 20px;">
<p style="margin:0 0 8px;font-family:${font};font-size:18px;line-height:1.3;font-weight:bold;color:${colors.footer};"><a href="${href}" target="_blank" style="color:${colors.footer};text-decoration:none;">${escapeHtml(listing.title)}</a></p>
${lines}
<p style="margin:8px 0 0;font-family:${font};font-size:15px;line-height:1.5;"><a href="${href}" target="_blank" style="color:${colors.primary};font-weight:bold;">${escapeHtml(listing.linkLabel)}</a></p>
</td></tr>
</table>`;
}
