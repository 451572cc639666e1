// The bridge between the two products: ZINO hosting a Zelinqa guided conversation (`zino guide`, `zino ctx crm`) and
// the local Zelinqa API it runs. Only the zino CLI imports this entry; zino/ and zelinqa/ never import the bridge.
export { guideCommand, EXIT_PAUSED, type GuideOptions } from "./guide-command.js";
export { crmCommand } from "./crm-command.js";
export { GuideError, GUIDE_EXIT, type GuideHost, type GuideIo, type GuideTurnOutcome } from "./guide-host.js";
export { HOST_CTXKEY, zelinqaStatePaths } from "./api-provisioning.js";
export { stopLocalApi } from "./local-api.js";
export { endpointReachable } from "./model-endpoint.js";
