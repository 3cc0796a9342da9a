// Search results in the history's date groups (today, yesterday, 3-7 days ago, 7+ days ago), for the search screen.
import { DATE_GROUPS, type DateGroup, dateGroupOf, parseUtcDateTime } from "../group-by-date";

/**
 * Any list sorted into the date groups by `dateOf` (a 'YYYY-MM-DD HH:MM:SS' UTC string), keeping the list's own
 * order inside each group (search results come ranked); empty groups left out.
 */
export function groupByDate<T>(
  items: readonly T[],
  dateOf: (item: T) => string,
  now: Date = new Date(),
): { key: DateGroup; items: T[] }[] {
  const byGroup = new Map<DateGroup, T[]>(DATE_GROUPS.map((g) => [g, []]));
  for (const item of items) byGroup.get(dateGroupOf(parseUtcDateTime(dateOf(item)), now))!.push(item);
  return DATE_GROUPS.flatMap((key) => {
    const list = byGroup.get(key)!;
    return list.length ? [{ key, items: list }] : [];
  });
}
