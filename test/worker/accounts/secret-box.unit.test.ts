// AES-GCM sealing of user secrets: round trip, binding to its place, key checks.
import { describe, expect, it } from "vitest";
import { open, packSealed, seal, unpackSealed } from "../../../worker/crypto/secret-box";

const env = { MODEL_KEYS_SECRET: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff" };

describe("seal / open", () => {
  it("round-trips and uses a fresh nonce each time", async () => {
    const a = await seal(env, "sk-secret", "u1|grok");
    const b = await seal(env, "sk-secret", "u1|grok");
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toContain("sk-secret");
    expect(await open(env, a, "u1|grok")).toBe("sk-secret");
  });

  it("refuses a value opened in another place, tampered with, or under another key", async () => {
    const s = await seal(env, "sk-secret", "u1|grok");
    expect(await open(env, s, "u2|grok")).toBeNull();
    const flipped = { ...s, ciphertext: (s.ciphertext[0] === "A" ? "B" : "A") + s.ciphertext.slice(1) };
    expect(await open(env, flipped, "u1|grok")).toBeNull();
    expect(await open({ MODEL_KEYS_SECRET: "ff".repeat(32) }, s, "u1|grok")).toBeNull();
  });

  it("accepts a base64 key and refuses a missing or short one", async () => {
    const b64 = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
    expect(await open({ MODEL_KEYS_SECRET: b64 }, await seal({ MODEL_KEYS_SECRET: b64 }, "x", "p"), "p")).toBe("x");
    await expect(seal({}, "x", "p")).rejects.toMatchObject({ code: "server_misconfigured" });
    await expect(seal({ MODEL_KEYS_SECRET: "abcd" }, "x", "p")).rejects.toMatchObject({ code: "server_misconfigured" });
  });

  it("packs into one column and back", async () => {
    const s = await seal(env, "token", "p");
    expect(unpackSealed(packSealed(s))).toEqual(s);
    expect(unpackSealed("nodot")).toBeNull();
  });
});
