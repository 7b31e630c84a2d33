// What other features read and write of channels: the repository functions they may call, named here so the
// rest of the repository stays private to the feature. A file of its own, importing only the repository, so
// a feature low in the ranks can read it without importing the feature's services (scripts/eslint/boundaries.js).
export {
  deleteChannel,
  findChannel,
  listChannels,
  findChannelByAccount,
  findChannelByWebhookKey,
  findServingAgent,
  insertChannel,
  updateChannel,
} from "./channels.repo.ts";
