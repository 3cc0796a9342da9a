// Statements that name many rows by id (`inArray`) bind one value per id, and D1 binds at most 100 values a statement:
// such lists go in groups small enough to leave room for the statement's other values (the user's id, a status).

/** Ids per statement: under D1's 100 bound values, with room for the statement's own. */
export const IDS_PER_STATEMENT = 90;

/** `ids` in consecutive groups of at most IDS_PER_STATEMENT, in order (none for no ids). */
export function idGroups<T>(ids: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_STATEMENT) groups.push(ids.slice(at, at + IDS_PER_STATEMENT));
  return groups;
}
