// Pasting into the input box: ordinary text stays text; 4,000 characters or more become Pasted-text-{n}.txt and a
// pasted picture becomes a PNG attachment, neither reaching the box.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { getDefaultStore } from "jotai";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearFiles } from "../../web/src/features/attachments/add-files";
import { attachmentsAtom } from "../../web/src/features/attachments/signed-in/attachments.atoms";
import { resetPasteCounter } from "../../web/src/features/attachments/paste";
import { Composer } from "../../web/src/features/chat/composer";
import { modelKeys } from "../../web/src/features/models/models.queries";
import { initI18n } from "../../web/src/lib/i18n";
import { queryClient } from "../../web/src/lib/signed-in/query-client";

const store = getDefaultStore();
const names = () => store.get(attachmentsAtom).map((f) => f.file.name);

function paste(text: string, files: File[] = []) {
  const input = screen.getByTestId("chat-input");
  return fireEvent.paste(input, {
    clipboardData: { files, getData: (type: string) => (type === "text/plain" ? text : "") },
  });
}

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  resetPasteCounter();
  clearFiles(store);
  queryClient.setQueryData(modelKeys.all, {
    models: [
      {
        id: "m",
        endpoint: "m",
        name: "M",
        descriptions: { free: "", premium: "" },
        premiumRequired: false,
        fileSupport: true,
        supportedFileTypes: ["text", "image"],
        allowed: true,
        remaining: 9,
        total: 9,
      },
    ],
    default: "m",
    plan: "free",
  });
  render(<Composer onSend={() => {}} onStop={() => {}} autoFocus={false} />);
});
afterEach(() => {
  cleanup();
  clearFiles(store);
});

describe("pasting into the input box", () => {
  it("leaves text under 4,000 characters to the box", () => {
    expect(paste("x".repeat(3999))).toBe(true); // not prevented
    expect(names()).toEqual([]);
  });

  it("turns 4,000 characters into Pasted-text-1.txt instead of text in the box", async () => {
    expect(paste("y".repeat(4000))).toBe(false); // prevented
    await waitFor(() => expect(names()).toEqual(["Pasted-text-1.txt"]), { timeout: 10_000 });
    expect(store.get(attachmentsAtom)[0]?.file.size).toBe(4000);
  });

  it("turns a pasted picture into a PNG attachment", async () => {
    const shot = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], "image.png", { type: "image/png" });
    expect(paste("", [shot])).toBe(false);
    await waitFor(() => expect(names()).toHaveLength(1), { timeout: 10_000 });
    expect(names()[0]).toMatch(/^pasted-image-.*\.png$/);
    expect(store.get(attachmentsAtom)[0]?.file.type).toBe("image/png");
  });
});
