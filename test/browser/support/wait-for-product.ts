// Set up before each browser test file (vitest.browser.config.ts): its tests start once the product answers.
import { beforeAll, inject } from "vitest";
import { productReady, READY_TIMEOUT_MS } from "./product-ready";

beforeAll(() => productReady(inject("baseURL")), READY_TIMEOUT_MS);
