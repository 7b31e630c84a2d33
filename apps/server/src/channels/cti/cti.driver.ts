import type { PbxDriver } from "../../modules/calls/pbx-driver.ts";
import { ctiRoutes } from "./cti.routes.ts";

/** A generic PBX that reports its calls to a signed webhook: nothing to test, no session to hold, no calls to place. */
export const ctiDriver: PbxDriver = {
  kind: "cti_webhook",
  register: ctiRoutes,
};
