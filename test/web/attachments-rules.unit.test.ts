// The attachment rules as pure functions: the limits (10 files, 5 MB each, 20 MB together with
// compressed photos counting 30%), the paste rule (4,000 characters → Pasted-text-{n}.txt, images → PNG files), and
// the accepted extensions by the model's file groups (the default image list with no model).
import { beforeEach, describe, expect, it } from "vitest";
import {
  acceptAttribute,
  acceptedExtensions,
  canAttach,
  DEFAULT_EXTENSIONS,
  isAccepted,
} from "../../web/src/features/attachments/accepted-types";
import {
  checkCompressed,
  checkLimits,
  countedBytes,
  MAX_FILE_BYTES,
  MAX_FILES,
  MAX_TOTAL_BYTES,
} from "../../web/src/features/attachments/limits";
import {
  isLongPaste,
  PASTE_TEXT_THRESHOLD,
  pastedFiles,
  resetPasteCounter,
} from "../../web/src/features/attachments/paste";

const MB = 1024 * 1024;
const file = (name: string, size: number, compressed = false) => ({ name, size, compressed });

describe("attachment limits", () => {
  it("are 10 files, 5 MB each and 20 MB together", () => {
    expect(MAX_FILES).toBe(10);
    expect(MAX_FILE_BYTES).toBe(5 * MB);
    expect(MAX_TOTAL_BYTES).toBe(20 * MB);
  });

  it("allow 10 files and refuse the 11th, counting the ones already attached", () => {
    const ten = Array.from({ length: 10 }, (_, i) => file(`f${i}.txt`, 10));
    expect(checkLimits([], ten)).toBeNull();
    expect(checkLimits([], [...ten, file("f10.txt", 10)])).toEqual({ code: "tooMany" });
    expect(checkLimits(ten.slice(0, 4), ten.slice(0, 7))).toEqual({ code: "tooMany" });
  });

  it("allow a file of exactly 5 MB and name the first one over it", () => {
    expect(checkLimits([], [file("ok.pdf", 5 * MB)])).toBeNull();
    expect(checkLimits([], [file("ok.pdf", 5 * MB), file("big.pdf", 5 * MB + 1), file("bigger.pdf", 6 * MB)])).toEqual({
      code: "tooLarge",
      name: "big.pdf",
    });
  });

  it("hold a photo to be compressed to 5 MB only once compressed: a 7.5 MB phone photo is not refused up front", () => {
    expect(checkLimits([], [file("IMG_0001.jpg", 7.5 * MB, true)])).toBeNull();
    expect(checkLimits([], [file("IMG_0001.jpg", 7.5 * MB, true), file("clip.mov", 7.5 * MB)])).toEqual({
      code: "tooLarge",
      name: "clip.mov",
    });
    expect(checkCompressed({ name: "IMG_0001.jpg", size: 420 * 1024 })).toBeNull();
    expect(checkCompressed({ name: "IMG_0001.jpg", size: 5 * MB })).toBeNull();
    expect(checkCompressed({ name: "IMG_0001.jpg", size: 5 * MB + 1 })).toEqual({
      code: "tooLarge",
      name: "IMG_0001.jpg",
    });
  });

  it("allow 20 MB together and refuse a byte more", () => {
    const four = Array.from({ length: 4 }, (_, i) => file(`p${i}.txt`, 5 * MB));
    expect(checkLimits([], four)).toBeNull();
    expect(checkLimits(four, [file("one-more.txt", 1)])).toEqual({ code: "totalTooLarge" });
  });

  it("count a photo that will be compressed at 30% of its size toward the total", () => {
    expect(countedBytes(file("a.jpg", 1000, true))).toBe(300);
    expect(countedBytes(file("a.txt", 1000, false))).toBe(1000);
    // 4 × 5 MB of text is the whole budget; 3 × 5 MB of text and 3 × 5 MB of photos is 15 + 4.5 MB
    const text = Array.from({ length: 3 }, (_, i) => file(`t${i}.txt`, 5 * MB));
    const photos = Array.from({ length: 3 }, (_, i) => file(`p${i}.jpg`, 5 * MB, true));
    expect(checkLimits(text, photos)).toBeNull();
    expect(checkLimits([...text, file("t3.txt", 5 * MB)], photos)).toEqual({ code: "totalTooLarge" });
  });

  it("check the count before sizes and sizes before the total (the first rule broken wins)", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => file(`f${i}.txt`, 6 * MB));
    expect(checkLimits([], eleven)).toEqual({ code: "tooMany" });
    expect(checkLimits([], eleven.slice(0, 5))).toEqual({ code: "tooLarge", name: "f0.txt" });
  });
});

describe("the paste rule", () => {
  beforeEach(() => resetPasteCounter());

  it("turns text of 4,000 characters or more into Pasted-text-{n}.txt, numbered in order", async () => {
    expect(PASTE_TEXT_THRESHOLD).toBe(4000);
    expect(isLongPaste("x".repeat(3999))).toBe(false);
    expect(pastedFiles([], "x".repeat(3999))).toEqual([]);
    const [first] = pastedFiles([], "a".repeat(4000));
    const [second] = pastedFiles([], "b".repeat(5000));
    expect(first?.name).toBe("Pasted-text-1.txt");
    expect(first?.type).toBe("text/plain");
    expect(await first?.text()).toBe("a".repeat(4000));
    expect(second?.name).toBe("Pasted-text-2.txt");
    expect(second?.size).toBe(5000);
  });

  it("turns pasted images into PNG files, and they win over text pasted with them", () => {
    const files = pastedFiles(
      [new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }), null],
      "y".repeat(4500),
    );
    expect(files).toHaveLength(1);
    expect(files[0]?.type).toBe("image/png");
    expect(files[0]?.name).toMatch(/\.png$/);
  });
});

describe("accepted extensions", () => {
  it("are the default image list (jpg, jpeg, png, gif, webp, svg) when there is no model", () => {
    expect(DEFAULT_EXTENSIONS).toEqual(["jpg", "jpeg", "png", "gif", "webp", "svg"]);
    expect(acceptedExtensions(null)).toEqual(["jpg", "jpeg", "png", "gif", "webp", "svg"]);
    expect(canAttach(null)).toBe(true);
  });

  it("follow the model's file groups", () => {
    const imagesOnly = { fileSupport: true, supportedFileTypes: ["image"] };
    expect(acceptedExtensions(imagesOnly)).toEqual(["jpg", "jpeg", "png", "gif", "webp"]);
    expect(isAccepted("photo.JPG", acceptedExtensions(imagesOnly))).toBe(true);
    expect(isAccepted("report.pdf", acceptedExtensions(imagesOnly))).toBe(false);

    const all = { fileSupport: true, supportedFileTypes: ["text", "office", "code", "structured", "image"] };
    const ext = acceptedExtensions(all);
    for (const name of [
      "notes.txt",
      "README.md",
      "report.pdf",
      "letter.docx",
      "main.py",
      "app.tsx",
      "data.csv",
      "config.yaml",
      "cat.webp",
    ]) {
      expect(isAccepted(name, ext), name).toBe(true);
    }
    expect(isAccepted("movie.mp4", ext)).toBe(false);
    expect(isAccepted("noextension", ext)).toBe(false);
    expect(acceptAttribute(ext, true)).toBe(".jpg,.jpeg,.png,.gif,.webp");
    expect(acceptAttribute(["txt", "png"])).toBe(".txt,.png");
  });

  it("are none for a model without file support, which cannot take attachments", () => {
    const none = { fileSupport: false, supportedFileTypes: [] };
    expect(acceptedExtensions(none)).toEqual([]);
    expect(canAttach(none)).toBe(false);
    expect(canAttach({ fileSupport: true, supportedFileTypes: [] })).toBe(false);
  });
});
