// @vitest-environment node
// The landing page names the catalogue's models (a guest cannot ask GET /api/models): the same names, free and
// premium, as worker/models/catalogue.ts, so a model added there must be added to the page too.
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../worker/models/catalogue";
import { FREE_MODELS, PREMIUM_MODELS } from "../../web/src/features/landing/landing-models";

describe("landing page models", () => {
  it("lists every free model of the catalogue, and only those, as free", () => {
    expect([...FREE_MODELS].sort()).toEqual(
      CATALOGUE.filter((m) => !m.premiumRequired)
        .map((m) => m.name)
        .sort(),
    );
  });

  it("lists every premium model of the catalogue as premium", () => {
    expect([...PREMIUM_MODELS].sort()).toEqual(
      CATALOGUE.filter((m) => m.premiumRequired)
        .map((m) => m.name)
        .sort(),
    );
  });
});
