// The changelog shows the 5 latest release notes, newest first, and all of them after "show all" (and back), in the
// user's language; the notes are those of web/src/features/help/release-notes.ts, dated 2025.03.18 to 2025.07.15.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Changelog } from "../../web/src/features/help/changelog";
import { HELP_NS } from "../../web/src/features/help/help-i18n";
import { LATEST_NOTES_SHOWN, RELEASE_NOTES, noteDate, visibleNotes } from "../../web/src/features/help/release-notes";
import { initI18n, setLanguage } from "../../web/src/lib/i18n";

describe("release notes", () => {
  it("run from 2025.03.18 to 2025.07.15, newest first, each with a unique id", () => {
    const dates = RELEASE_NOTES.map((n) => n.date);
    expect(dates[0]).toBe("2025-07-15");
    expect(dates.at(-1)).toBe("2025-03-18");
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(RELEASE_NOTES.map((n) => n.id)).size).toBe(RELEASE_NOTES.length);
    expect(noteDate("2025-07-15")).toBe("2025.07.15");
  });

  it("shows the latest 5 by default and every note with show all", () => {
    expect(LATEST_NOTES_SHOWN).toBe(5);
    expect(visibleNotes(RELEASE_NOTES, false)).toEqual(RELEASE_NOTES.slice(0, 5));
    expect(visibleNotes(RELEASE_NOTES, true)).toEqual(RELEASE_NOTES);
  });
});

describe("Changelog", () => {
  beforeEach(async () => {
    await initI18n();
    await setLanguage("en");
    await i18next.loadNamespaces(HELP_NS);
  });
  afterEach(cleanup);

  it("lists the 5 latest notes, then all of them, then 5 again", () => {
    render(<Changelog />);
    const notes = () => screen.getAllByTestId("release-note");
    expect(notes()).toHaveLength(5);
    expect(notes()[0]!.textContent).toContain("2025.07.15");
    expect(notes()[0]!.textContent).toContain("Prompt library and notifications");
    expect(notes()[4]!.textContent).toContain("2025.05.20");
    const toggle = screen.getByTestId("changelog-show-all");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.textContent).toBe(`Show all (${RELEASE_NOTES.length})`);

    fireEvent.click(toggle);
    expect(notes()).toHaveLength(RELEASE_NOTES.length);
    expect(notes().at(-1)!.textContent).toContain("2025.03.18");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");

    fireEvent.click(toggle);
    expect(notes()).toHaveLength(5);
  });

  it("shows each note's points in the user's language (Vietnamese, the notes' own language)", async () => {
    await setLanguage("vi");
    await i18next.loadNamespaces(HELP_NS);
    render(<Changelog />);
    const first = screen.getAllByTestId("release-note")[0]!;
    expect(within(first).getByRole("heading").textContent).toBe("2025.07.15 Thư viện prompt và thông báo");
    expect(within(first).getAllByRole("listitem")).toHaveLength(RELEASE_NOTES[0]!.items);
    expect(screen.getByTestId("changelog-show-all").textContent).toBe(`Xem tất cả (${RELEASE_NOTES.length})`);
  });
});
