import type { PbxDriver } from "./modules/calls/pbx-driver.ts";
import { asteriskDriver } from "./channels/asterisk/asterisk.driver.ts";
import { ctiDriver } from "./channels/cti/cti.driver.ts";

/**
 * The kinds of PBX the installation drives (modules/calls/pbx-driver.ts): the one place they are listed, so the calls
 * feature and the channel registry never import a PBX's folder. A second PBX is one folder under channels/ and one line here.
 */
export const PBX_DRIVERS: ReadonlyArray<PbxDriver> = [asteriskDriver, ctiDriver];
