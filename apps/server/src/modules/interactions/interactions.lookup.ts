// What other features read and write of conversations: the repository functions they may call, named here so the
// rest of the repository stays private to the feature. A file of its own, importing only the repository, so
// a feature low in the ranks can read it without importing the feature's services (scripts/eslint/boundaries.js).
export { countOpenOnChannel, findInteraction, findOpenForIdentity, latestForIdentity, lockInteraction, updateInteraction } from "./interactions.repo.ts";
export { appendEvent, listEventsAfter } from "./events.repo.ts";
