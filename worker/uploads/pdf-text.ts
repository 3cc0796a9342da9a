// The text of a PDF through pdf.js (unpdf, built for serverless runtimes), once pdf-guard.ts has measured the file:
// pages are read one at a time and in order, yielding to the event loop between them (pdf.js runs in this isolate
// and would otherwise hold it), until the text fills the file's budget, so the work is bounded by what is kept. A PDF
// of more than MAX_PDF_PAGES pages is refused with 413. Whitespace is collapsed to single spaces, as unpdf's
// mergePages did before.
import { AppError } from "../errors";
import { nextTask } from "../lib/next-task";
import { MAX_PDF_PAGES } from "./limits";
import { normalizeText } from "./normalize-text";
import { checkPdf } from "./pdf-guard";

/** The PDF's text (possibly longer than `max`: the caller cuts it), reading no more pages than the budget needs. */
export async function pdfText(bytes: Uint8Array, name: string, max: number): Promise<string> {
  const { encrypted } = await checkPdf(bytes, name);
  if (encrypted) throw new Error("the PDF is encrypted: its streams cannot be checked, so its text is not read");
  const { getDocumentProxy } = await import("unpdf");
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    if (pdf.numPages > MAX_PDF_PAGES) {
      throw new AppError(
        "payload_too_large",
        `File "${name}" has ${pdf.numPages.toLocaleString("en")} pages; at most ${MAX_PDF_PAGES.toLocaleString("en")} can be read`,
        {
          field: "files",
        },
      );
    }
    let text = "";
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      page.cleanup();
      const pageText = content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
        .join("");
      text = n === 1 ? pageText : `${text}\n${pageText}`;
      if (text.length > max && normalizeText(text.replace(/\s+/g, " ")).length > max) break;
      await nextTask();
    }
    return text.replace(/\s+/g, " ");
  } finally {
    await pdf.destroy();
  }
}
