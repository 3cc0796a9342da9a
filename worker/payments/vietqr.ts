// The VietQR payload for a bank transfer, built locally: an EMVCo merchant-presented QR string (ID, 2-digit length,
// value) with NAPAS's account-transfer template. Any Vietnamese banking app that scans it fills in the bank, the
// account, the amount and the memo. The SPA draws the string as a QR image; nothing here calls a network.
//
// Layout (NAPAS "VietQR" on EMVCo):
//   00 "01"                     payload format indicator
//   01 "12"                     point of initiation: 12 dynamic (amount and memo set, one payment), 11 static
//   38 { 00 "A000000727"        NAPAS GUID
//        01 { 00 bank BIN, 01 account number }
//        02 "QRIBFTTA" }        service: inter-bank fund transfer to an account
//   53 "704"                    currency, VND
//   54 amount                   whole dong
//   58 "VN"                     country
//   62 { 08 memo }              purpose of transaction: the order code
//   63 CRC                      CRC-16/CCITT-FALSE over everything before it, including "6304"

export const NAPAS_GUID = "A000000727";
export const SERVICE_TRANSFER_TO_ACCOUNT = "QRIBFTTA";
const CURRENCY_VND = "704";
const COUNTRY_VN = "VN";
/** Longest memo a bank keeps in 62.08. */
export const MAX_MEMO_CHARS = 25;

/** One EMVCo data object: 2-character ID, 2-digit length, value (at most 99 characters). */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`EMVCo id must be two digits: ${id}`);
  if (value.length === 0 || value.length > 99) throw new Error(`EMVCo field ${id} must hold 1-99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final xor) as 4 uppercase hex digits. */
export function crc16CcittFalse(input: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(input)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Memo for 62.08: ASCII letters, digits and single spaces only (diacritics dropped, đ → d), at most 25 characters. */
export function sanitizeMemo(memo: string): string {
  return memo
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .replace(/[^A-Za-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_MEMO_CHARS)
    .trim();
}

export interface VietQrInput {
  /** The bank's 6-digit NAPAS BIN, e.g. 970436 for Vietcombank. */
  bankBin: string;
  accountNumber: string;
  /** Whole VND; leave out for a static QR where the payer types the amount. */
  amount?: number;
  /** Transfer memo (the order code). */
  memo?: string;
}

/** Builds the VietQR payload string. Throws on a BIN, account, amount or memo a bank could not read. */
export function buildVietQrPayload(input: VietQrInput): string {
  if (!/^\d{6}$/.test(input.bankBin)) throw new Error("bank BIN must be 6 digits");
  if (!/^[A-Za-z0-9]{1,19}$/.test(input.accountNumber))
    throw new Error("account number must be 1-19 letters or digits");
  if (
    input.amount !== undefined &&
    (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > 9_999_999_999_999)
  ) {
    throw new Error("amount must be a whole number of dong, 1 to 13 digits");
  }
  const memo = input.memo === undefined ? undefined : sanitizeMemo(input.memo);
  if (memo === "") throw new Error("memo has no usable characters");

  const beneficiary = tlv("00", input.bankBin) + tlv("01", input.accountNumber);
  const merchant = tlv("00", NAPAS_GUID) + tlv("01", beneficiary) + tlv("02", SERVICE_TRANSFER_TO_ACCOUNT);
  const dynamic = input.amount !== undefined || memo !== undefined;
  let payload =
    tlv("00", "01") +
    tlv("01", dynamic ? "12" : "11") +
    tlv("38", merchant) +
    tlv("53", CURRENCY_VND) +
    (input.amount !== undefined ? tlv("54", String(input.amount)) : "") +
    tlv("58", COUNTRY_VN) +
    (memo !== undefined ? tlv("62", tlv("08", memo)) : "");
  payload += "6304";
  return payload + crc16CcittFalse(payload);
}

/** Splits an EMVCo string into its top-level [id, value] pairs, in order. Throws on a malformed length. */
export function parseTlv(payload: string): [string, string][] {
  const out: [string, string][] = [];
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(payload.slice(i + 2, i + 4)) || i + 4 + len > payload.length) {
      throw new Error(`malformed EMVCo data at ${i}`);
    }
    out.push([id, payload.slice(i + 4, i + 4 + len)]);
    i += 4 + len;
  }
  return out;
}

/** True when the payload ends in a CRC field that matches everything before it. */
export function hasValidCrc(payload: string): boolean {
  if (payload.length < 8 || payload.slice(-8, -4) !== "6304") return false;
  return crc16CcittFalse(payload.slice(0, -4)) === payload.slice(-4).toUpperCase();
}
