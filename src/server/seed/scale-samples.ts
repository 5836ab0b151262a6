import sharp from "sharp";
import type { FileCategory } from "#domain/tenant-files";
import { generatePhoto } from "#server/images/photo-generator";

/**
 * The few real documents every document row of the scale seed names (through a hard link, see
 * scale-documents.ts): small PDFs, photos and a scan, as tenants send them, each what its type
 * says (a download opens).
 */
export type Sample = {
  /** The name a row gives it, before the month and the extension ("Pay stub Mar 2024.pdf"). */
  name: string;
  extension: string;
  mime: string;
  category: FileCategory;
  bytes: Buffer;
};

export async function makeSamples(): Promise<Sample[]> {
  const pdf = (name: string, category: FileCategory, lines: string[]): Sample => ({
    name,
    extension: ".pdf",
    mime: "application/pdf",
    category,
    bytes: pdfDocument([name, "", ...lines]),
  });
  const photo = async (name: string, kind: "kitchen" | "bathroom", seed: number) => ({
    name,
    extension: ".jpg",
    mime: "image/jpeg",
    category: "maintenance" as const,
    bytes: await generatePhoto({ kind, seed, width: 800, height: 600 }),
  });
  return [
    pdf("Lease agreement", "lease", ["Residential lease, 12 months.", "Signed by both parties."]),
    pdf("Pay stub", "other", ["Gross pay $2,340.00", "Net pay $1,812.55"]),
    pdf("Renters insurance certificate", "property", ["Policy HO-4, liability $100,000."]),
    pdf("Notice of rent change", "lease", ["Your rent changes at renewal.", "Charter Oak Rentals"]),
    await photo("Photo of leak", "bathroom", 7),
    await photo("Kitchen damage", "kitchen", 11),
    {
      name: "ID scan",
      extension: ".png",
      mime: "image/png",
      category: "other",
      bytes: await scan("Identification (sample scan)"),
    },
    pdf("Bank statement", "other", ["Statement period: one month.", "Ending balance $3,105.12"]),
  ];
}

/** A one-page PDF with a few lines of Helvetica: the smallest file every reader opens. */
function pdfDocument(lines: string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines
    .map(
      (line, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 72 ${720 - i * 22} Td (${pdfText(line)}) Tj ET`,
    )
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

function scan(title: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="380">
    <rect width="600" height="380" fill="#f4f1ea"/>
    <rect x="24" y="24" width="552" height="332" rx="18" fill="#fff" stroke="#9aa5b1" stroke-width="3"/>
    <rect x="48" y="70" width="150" height="190" fill="#d9dee4"/>
    <text x="230" y="100" font-family="sans-serif" font-size="26" fill="#1f2933">${title}</text>
    <rect x="230" y="140" width="300" height="14" fill="#cbd2d9"/>
    <rect x="230" y="175" width="260" height="14" fill="#cbd2d9"/>
    <rect x="230" y="210" width="280" height="14" fill="#cbd2d9"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
