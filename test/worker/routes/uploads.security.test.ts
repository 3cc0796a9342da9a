// Who may read an attachment: only its owner. Another user's id is a 404 on GET and in loadAttachments (which the
// chat turn uses), and a guest cannot upload.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AppError } from "../../../worker/errors";
import { loadAttachments } from "../../../worker/uploads/store";
import { ORIGIN, json, seedUser, type TestUser } from "../../support/api";

async function uploadText(user: TestUser, text: string) {
  const form = new FormData();
  form.append("files", new File([text], "secret.txt"));
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/media-api/api/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    }),
  );
  expect(res.status).toBe(201);
  return (await json(res)).data.files[0] as { id: string; url: string };
}

const get = (url: string, user?: TestUser) =>
  exports.default.fetch(
    new Request(`${ORIGIN}${url}`, { headers: user ? { Authorization: `Bearer ${user.token}` } : {} }),
  );

describe("attachment security", () => {
  it("serves an attachment to its owner only", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const file = await uploadText(owner, "owner's secret");
    expect((await get(file.url, owner)).status).toBe(200);
    expect((await get(file.url, other)).status).toBe(404);
    expect((await get(file.url)).status).toBe(401);
  });

  it("never loads another user's attachment into a turn", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const file = await uploadText(owner, "owner's secret");
    const err = await loadAttachments({ bucket: env.IMAGES, userId: other.id, ids: [file.id] }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("not_found");
  });

  it("refuses a guest's upload with 401", async () => {
    const form = new FormData();
    form.append("files", new File(["hi"], "a.txt"));
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/media-api/api/uploads`, { method: "POST", body: form }),
    );
    expect(res.status).toBe(401);
  });
});
