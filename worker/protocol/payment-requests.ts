// What the SPA sends to the payments calls, declared once: a new order, and the verify call with the order's code. The
// worker validates each body with these schemas (worker/routes/payments.ts) and the SPA types what it sends with their
// input types. The order code's form is here too: the worker makes codes by it and checks the ones clients send back.
// The SPA imports only this module's types: the worker validates the bodies at its edge, and a schema object the SPA
// imported at run time would be bundled into its chunks even unused (the bundler keeps valibot schemas it cannot prove
// pure).
import * as v from "valibot";
import { PACKAGE_TYPES } from "./packages";

/**
 * An order's code, the transfer memo: "MAY" and 8 characters of Crockford's base32 (no I, L, O, U), as
 * worker/payments/order-code.ts makes them.
 */
export const ORDER_CODE_PREFIX = "MAY";
export const ORDER_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const ORDER_CODE_RANDOM_CHARS = 8;

/** True for a well-formed code (as a client sends it back), in any case. */
export function isOrderCode(s: string): boolean {
  return new RegExp(`^${ORDER_CODE_PREFIX}[${ORDER_CODE_ALPHABET}]{${ORDER_CODE_RANDOM_CHARS}}$`, "i").test(s);
}

const PackageTypeAskSchema = v.picklist(PACKAGE_TYPES, `packageType must be one of ${PACKAGE_TYPES.join(", ")}`);

/** An order code as a client sends it: trimmed and uppercased. */
export const OrderCodeSchema = v.pipe(
  v.string("order code must be a string"),
  v.trim(),
  v.check(isOrderCode, "order code is not valid"),
  v.toUpperCase(),
);

/** POST /payments/create. */
export const NewOrderSchema = v.object({ packageType: PackageTypeAskSchema });
export type NewOrder = v.InferInput<typeof NewOrderSchema>;

/** POST /payments/verify: {userId, packageType, amount} as existing clients send it, plus the order's code if known. */
export const PaymentVerifySchema = v.object({
  userId: v.optional(v.nullable(v.string())),
  packageType: PackageTypeAskSchema,
  amount: v.pipe(v.number("amount must be a number"), v.integer("amount must be whole VND")),
  orderCode: v.optional(v.nullable(OrderCodeSchema)),
});
export type PaymentVerify = v.InferInput<typeof PaymentVerifySchema>;
