// Set up before each browser test file (vitest.browser.config.ts): its tests start once the products answer (the
// product at its own pace, and the fast one some files use; the slow one is waited for by the file that uses it).
import { beforeAll, inject } from "vitest";
import { productReady, READY_TIMEOUT_MS } from "./product-ready";

beforeAll(() => Promise.all([productReady(inject("baseURL")), productReady(inject("fastBaseURL"))]), READY_TIMEOUT_MS);
