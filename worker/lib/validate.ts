// Request validation at the edge: every body, query and param goes through a valibot schema here, and a failure
// becomes a 400 naming the field and the reason. Inside the worker the parsed output is trusted as typed.
import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import { AppError } from "../errors";

type Schema = v.GenericSchema<unknown, unknown>;

export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): {
  field: string | undefined;
  message: string;
} {
  const first = issues[0];
  const field = first ? (v.getDotPath(first) ?? undefined) : undefined;
  if (field && first?.kind === "schema" && first.received === "undefined") {
    // A missing key: say so plainly ("Question is required") rather than valibot's "Invalid key" wording.
    const name = field.split(".").at(-1)!.replace(/_/g, " ");
    return { field, message: `${name.charAt(0).toUpperCase()}${name.slice(1)} is required` };
  }
  const reason = first?.message ?? "Invalid input";
  return { field, message: field ? `${field}: ${reason}` : reason };
}

/** Parses `value` with `schema` or throws a 400 `invalid_input` naming the first bad field. */
export function parseOrThrow<S extends Schema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const { field, message } = describeIssues(result.issues);
  throw new AppError("invalid_input", message, field ? { field } : undefined);
}

/** Hono validator middleware backed by a valibot schema; keeps the parsed type for `c.req.valid(target)`. */
export function valid<T extends keyof ValidationTargets, S extends Schema>(target: T, schema: S) {
  return validator(target, (value) => {
    if (target === "json" && (value === undefined || value === null)) {
      throw new AppError("invalid_json", "Request body must be a JSON object");
    }
    return parseOrThrow(schema, value) as v.InferOutput<S>;
  });
}

/** Ids in paths and bodies (chat and message ids, client- or server-made), declared with the request bodies that use them. */
export { IdSchema as idSchema } from "../protocol/resources";
